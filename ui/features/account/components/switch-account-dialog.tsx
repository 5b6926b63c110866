import { Dialog } from '../../../components/dialog';

/**
 * A sign-in return this tab did not start, for another account (a link or a form on another
 * site can send one): nothing switches until the person says so.
 */
export function SwitchAccountDialog(props: {
  current?: string;
  incoming: string;
  onStay: () => void;
  onSwitch: () => void;
}) {
  return (
    <Dialog title="Switch account?" onClose={props.onStay} role="alertdialog">
      <p>
        A sign-in link wants to switch this app to <strong>{props.incoming}</strong>
        {props.current ? (
          <>
            . You are signed in as <strong>{props.current}</strong>.
          </>
        ) : (
          '.'
        )}
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
