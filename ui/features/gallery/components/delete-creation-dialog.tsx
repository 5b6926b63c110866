import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Delete Creation confirmation (SPEC.md section 2 "Modals"). The deletion can be undone for
 * `undoForMs` (the toast's Undo), and the dialog says so.
 */
export function DeleteCreationDialog(props: {
  undoForMs: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete Creation"
      confirmLabel="Delete"
      tone="danger"
      className="pw-delete-dialog"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>
        Delete this creation from your gallery? You can undo it for{' '}
        {Math.round(props.undoForMs / 1000)} seconds.
      </p>
    </ConfirmDialog>
  );
}
