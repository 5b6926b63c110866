import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useBackCloses } from '../app/app-history';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in on open and back to where it was on close, Tab cycles inside,
 * Escape calls onClose. The backdrop click closes too unless `dismissible` is false, and so does
 * the browser's Back (the dialog has its own history entry, or its opener keeps it in history).
 */
export function Dialog(props: {
  title: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  className?: string;
  dismissible?: boolean;
  /** 'dialog' for content, 'alertdialog' for errors and confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** Its opener keeps it in history (useHistoryOpen), so Forward opens it again: no entry of its own. */
  keptInHistory?: boolean;
}) {
  const { onClose, dismissible = true } = props;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useBackCloses(!props.keptInHistory && dismissible && onClose !== undefined, () => onClose?.());

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && dismissible && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="pw-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose?.();
      }}
    >
      <div
        ref={panel}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        className={`pw-card pw-dialog ${props.className ?? ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="pw-dialog__title">
          {props.title}
        </h2>
        {props.children}
      </div>
    </div>
  );
}
