import { Dialog } from '../../../components/dialog';

/**
 * A sign-in return this tab did not start (a link or a form on another site can send one): for
 * another account than the one signed in, or while nobody is, nothing happens until the person
 * says so.
 */
export function SwitchAccountDialog(props: {
  current?: string;
  incoming: string;
  onStay: () => void;
  onSwitch: () => void;
}) {
  if (!props.current)
    return (
      <Dialog title={`Continue as ${props.incoming}?`} onClose={props.onStay} role="alertdialog">
        <p>
          A sign-in link wants to sign you in as <strong>{props.incoming}</strong>.
        </p>
        <p>
          If you did not just sign in with that account, cancel: what you create would go to someone
          else's gallery.
        </p>
        <div className="pw-dialog__actions">
          <button type="button" className="pw-btn pw-btn--primary" onClick={props.onStay}>
            Cancel
          </button>
          <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onSwitch}>
            Continue
          </button>
        </div>
      </Dialog>
    );
  return (
    <Dialog title="Switch account?" onClose={props.onStay} role="alertdialog">
      <p>
        A sign-in link wants to switch this app to <strong>{props.incoming}</strong>. You are signed
        in as <strong>{props.current}</strong>.
      </p>
      <p>
        If you did not just sign in with that account, stay: your creations stay where they are.
      </p>
      <div className="pw-dialog__actions">
        <button type="button" className="pw-btn pw-btn--primary" onClick={props.onStay}>
          Stay signed in
        </button>
        <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onSwitch}>
          Switch to {props.incoming}
        </button>
      </div>
    </Dialog>
  );
}
