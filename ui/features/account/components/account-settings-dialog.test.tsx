import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/model/constants';
import { ServicesProvider } from '../../../app/services-context';
import { createTestServices } from '../../../test-support/test-services';
import { AccountSettingsDialog } from './account-settings-dialog';

async function renderDialog(readAvatar = vi.fn(async () => 'data:image/png;base64,AAAA')) {
  const test = createTestServices({ signedIn: true });
  await test.services.session.start();
  const onClose = vi.fn();
  render(
    <ServicesProvider services={test.services}>
      <AccountSettingsDialog onClose={onClose} readAvatar={readAvatar} />
    </ServicesProvider>,
  );
  return { ...test, onClose, readAvatar };
}

const storedProfile = (local: ReturnType<typeof createTestServices>['local']) =>
  JSON.parse(local.getItem(STORAGE_KEYS.profile) ?? 'null');

describe('AccountSettingsDialog', () => {
  it('is a labelled modal dialog with the display name defaulting from the e-mail', async () => {
    await renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Display Name')).toHaveValue('luna');
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeInTheDocument();
  });

  it("shows the domain's message for an invalid name and does not save", async () => {
    const { onClose, local } = await renderDialog();
    const input = screen.getByLabelText('Display Name');
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Display name cannot be empty.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Display name cannot be empty.');
    expect(onClose).not.toHaveBeenCalled();
    expect(storedProfile(local)?.displayName).toBe('luna');

    await userEvent.clear(input);
    await userEvent.type(input, 'x'.repeat(51));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Display name must be at most 50 characters.',
    );
  });

  it("saves a trimmed name and the new avatar under 'user-profile', then closes", async () => {
    const { onClose, local, readAvatar } = await renderDialog();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-file'), file);
    expect(readAvatar).toHaveBeenCalledWith(file);
    const input = screen.getByLabelText('Display Name');
    await userEvent.clear(input);
    await userEvent.type(input, '  Luna the Great  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(storedProfile(local)).toEqual({
      displayName: 'Luna the Great',
      avatarUrl: 'data:image/png;base64,AAAA',
    });
  });

  it('refuses a file that is not an image', async () => {
    const { readAvatar } = await renderDialog();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file');
    expect(readAvatar).not.toHaveBeenCalled();
  });

  it('Cancel and Escape close without saving', async () => {
    const { onClose, local } = await renderDialog();
    await userEvent.type(screen.getByLabelText('Display Name'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(storedProfile(local)?.displayName).toBe('luna');
  });
});
