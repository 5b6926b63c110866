import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Delete Creation confirmation (SPEC.md section 2 "Modals"). */
export function DeleteCreationDialog(props: { onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title="Delete Creation"
      confirmLabel="Delete"
      tone="danger"
      className="pw-delete-dialog"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>Delete this creation from your gallery? This cannot be undone.</p>
    </ConfirmDialog>
  );
}
