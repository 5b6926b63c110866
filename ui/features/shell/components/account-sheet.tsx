import { useId } from 'react';
import { Dialog } from '../../../components/dialog';
import { GearIcon, SignOutIcon } from '../../../components/icons';
import { Avatar } from './avatar';
import type { ShellProps } from './shell-props';

/** The mobile account bottom sheet: remaining-credits bar, Account Settings, Sign Out. */
export function AccountSheet(props: ShellProps & { onClose: () => void }) {
  const barLabel = useId();
  const close = (then: () => void) => () => {
    props.onClose();
    then();
  };
  return (
    <div className="pw-sheet-host">
      <Dialog title="Account" onClose={props.onClose} className="pw-sheet" keptInHistory>
        <div className="pw-sheet__user">
          <Avatar name={props.displayName} url={props.avatarUrl} size={48} />
          <strong>{props.displayName}</strong>
        </div>
        <div className="pw-sheet__credits">
          <div className="pw-sheet__credits-row">
            <span id={barLabel}>Remaining credits</span>
            <strong>
              {props.credits ? `${props.credits.remaining} / ${props.credits.allocated}` : '…'}
            </strong>
          </div>
          <div
            className="pw-meter"
            role="meter"
            aria-labelledby={barLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((props.credits?.fraction ?? 0) * 100)}
          >
            <span style={{ width: `${Math.round((props.credits?.fraction ?? 0) * 100)}%` }} />
          </div>
        </div>
        <div className="pw-sheet__actions">
          <button
            type="button"
            className="pw-btn pw-btn--primary pw-btn--block"
            onClick={close(props.onUpgrade)}
          >
            {props.planLabel}
          </button>
          <button
            type="button"
            className="pw-btn pw-btn--secondary pw-btn--block"
            onClick={close(props.onSettings)}
          >
            <GearIcon /> Account Settings
          </button>
          <button
            type="button"
            className="pw-btn pw-btn--ghost pw-btn--block"
            onClick={close(props.onSignOut)}
          >
            <SignOutIcon /> Sign Out
          </button>
        </div>
      </Dialog>
    </div>
  );
}
