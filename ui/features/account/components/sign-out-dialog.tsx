import { useState } from 'react';
import { Dialog } from '../../../components/dialog';

/** Sign Out asks first (SPEC.md section 4 "Gallery": sign out asks confirmation). */
export function SignOutDialog(props: { onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title="Sign Out" onClose={props.onCancel} role="alertdialog">
      <p>Are you sure you want to sign out?</p>
      <div className="pw-dialog__actions">
        <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="pw-btn pw-btn--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void props.onConfirm();
          }}
        >
          Sign Out
        </button>
      </div>
    </Dialog>
  );
}
