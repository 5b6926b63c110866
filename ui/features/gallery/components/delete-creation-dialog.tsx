import { Dialog } from '../../../components/dialog';

/** Delete Creation confirmation (SPEC.md section 2 "Modals"). */
export function DeleteCreationDialog(props: { onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      title="Delete Creation"
      onClose={props.onCancel}
      role="alertdialog"
      className="pw-delete-dialog"
    >
      <p>Delete this creation from your gallery? This cannot be undone.</p>
      <div className="pw-dialog__actions">
        <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="pw-btn pw-btn--danger" onClick={props.onConfirm}>
          Delete
        </button>
      </div>
    </Dialog>
  );
}
