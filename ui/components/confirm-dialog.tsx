import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * A confirmation (Sign Out, Delete Creation): the question, then Cancel and the action. Escape,
 * the backdrop and Back cancel; the action button turns busy once pressed when it returns a
 * promise, so a second press does not repeat it.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'danger' for an action that destroys something (a deletion). */
  tone?: 'primary' | 'danger';
  className?: string;
  onCancel: () => void;
  onConfirm: () => void | Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      role="alertdialog"
      className={props.className}
    >
      {props.children}
      <div className="pw-dialog__actions">
        <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={`pw-btn pw-btn--${props.tone ?? 'primary'}`}
          disabled={busy}
          onClick={() => {
            const done = props.onConfirm();
            if (done instanceof Promise) setBusy(true);
          }}
        >
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
