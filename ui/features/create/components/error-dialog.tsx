import { useId } from 'react';
import type {
  DialogAction,
  ErrorDialog as ErrorDialogModel,
} from '../../../../domain/use-cases/error-presentation';
import { Dialog } from '../../../components/dialog';
import { AlertIcon } from '../../../components/icons';

/**
 * The workflow error dialog (SPEC.md section 8 "Error dialog by error name"). Title, message and
 * buttons come from the domain's error presentation; the driver carries out the chosen action.
 */
export function ErrorDialog(props: {
  dialog: ErrorDialogModel;
  onAction: (action: DialogAction) => void;
  onClose: () => void;
}) {
  const messageId = useId();
  const hasAction = props.dialog.actions.some((action) => action.kind !== 'close');
  return (
    <Dialog
      title={props.dialog.title}
      onClose={props.onClose}
      role="alertdialog"
      describedBy={messageId}
    >
      <span className="pw-dialog__icon">
        <AlertIcon />
      </span>
      <p id={messageId}>{props.dialog.message}</p>
      <div className="pw-dialog__actions">
        {props.dialog.actions.map((action) => (
          <button
            key={action.kind}
            type="button"
            className={`pw-btn ${action.kind !== 'close' || !hasAction ? 'pw-btn--primary' : 'pw-btn--ghost'}`}
            onClick={() => {
              props.onClose();
              if (action.kind !== 'close') props.onAction(action);
            }}
          >
            {action.label}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
