import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Sign Out asks first (SPEC.md section 4 "Gallery": sign out asks confirmation). */
export function SignOutDialog(props: { onCancel: () => void; onConfirm: () => Promise<void> }) {
  return (
    <ConfirmDialog
      title="Sign Out"
      confirmLabel="Sign Out"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>Are you sure you want to sign out?</p>
    </ConfirmDialog>
  );
}
