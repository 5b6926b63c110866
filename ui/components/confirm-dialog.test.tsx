import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignOutDialog } from '../features/account/components/sign-out-dialog';
import { DeleteCreationDialog } from '../features/gallery/components/delete-creation-dialog';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks, then Cancel, Escape or the action; an action on its way cannot be pressed twice', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onConfirm = vi.fn(() => new Promise<void>(() => undefined));
    render(
      <ConfirmDialog
        title="Sign Out"
        confirmLabel="Sign Out"
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        <p>Are you sure?</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Sign Out' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    const action = within(dialog).getByRole('button', { name: 'Sign Out' });
    await user.click(action);
    await user.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(action).toBeDisabled();
  });

  it('is the one layout of both confirmations: Sign Out and Delete Creation', () => {
    const layout = (dialog: HTMLElement) =>
      [...dialog.querySelectorAll('.pw-dialog__actions button')].map((b) => b.className);
    const { unmount } = render(
      <SignOutDialog onCancel={() => undefined} onConfirm={async () => undefined} />,
    );
    const signOut = layout(screen.getByRole('alertdialog', { name: 'Sign Out' }));
    unmount();
    render(
      <DeleteCreationDialog
        undoForMs={5000}
        onCancel={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    const remove = layout(screen.getByRole('alertdialog', { name: 'Delete Creation' }));
    expect(signOut).toEqual(['pw-btn pw-btn--ghost', 'pw-btn pw-btn--primary']);
    expect(remove).toEqual(['pw-btn pw-btn--ghost', 'pw-btn pw-btn--danger']);
  });
});
