import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_DEFAULTS } from '../../domain/model/app-config';
import { LOCAL_STORAGE_FULL } from '../../domain/use-cases/storage-sync';
import { createTestServices } from '../test-support/test-services';
import { AppRoot } from './app-root';

// Transforming the lazy app chunk on first import takes long: once, before the tests.
beforeAll(async () => {
  await import('./signed-in-app');
});

const creation = {
  id: '1700000000000',
  timestamp: 1_700_000_000_000,
  imageUrl: '/files/witch-cat.png',
  videoUrl: '',
  isFavorite: false,
};

async function renderSignedIn() {
  const test = createTestServices({ signedIn: true });
  render(<AppRoot config={APP_DEFAULTS} services={test.services} sandboxPreload={false} />);
  await screen.findByRole('button', { name: /Generate Halloween Costume/ });
  return test;
}

const warnings = () =>
  screen.queryAllByRole('alert').filter((node) => node.textContent === LOCAL_STORAGE_FULL);

describe('a full browser storage in the signed-in app', () => {
  it('is announced above the view once a write is refused; the gallery’s indicator says it there, once', async () => {
    const { services, local } = await renderSignedIn();
    await act(() => services.gallery.add(creation));
    expect(warnings()).toHaveLength(0);

    // The device's storage is full from now on: every write is refused.
    local.setItem = () => false;
    await act(() => services.gallery.toggleFavorite(creation.id));
    await waitFor(() => expect(warnings()).toHaveLength(1));
    expect(warnings()[0]).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(warnings()[0]!);

    // Saving Account Settings keeps it on show, and the saved name is there.
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Account Settings' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
    const input = within(dialog).getByLabelText('Display Name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Quota Ghost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByText('Quota Ghost')).toBeInTheDocument();
    expect(warnings()).toHaveLength(1);

    // On the gallery the sync indicator carries it (and the shell does not repeat it); nothing was lost.
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: /Gallery/ }),
    );
    await screen.findByRole('heading', { name: 'My Pet Gallery' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.closest('.pw-sync')).not.toBeNull();
    expect(services.gallery.getSnapshot().items).toEqual([{ ...creation, v: 1, isFavorite: true }]);
  });

  it('is announced when only the profile is refused, on every view', async () => {
    const { local } = await renderSignedIn();
    local.setItem = () => false;
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Account Settings' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
    const input = within(dialog).getByLabelText('Display Name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Quota Ghost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(warnings()).toHaveLength(1));
    expect(within(screen.getByRole('banner')).getByText('Quota Ghost')).toBeInTheDocument();

    // The gallery itself was never refused: its indicator is quiet, so the notice stays.
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: /Gallery/ }),
    );
    await screen.findByRole('heading', { name: 'My Pet Gallery' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.closest('.pw-sync')).toBeNull();
  });

  it('says nothing while the device keeps every write', async () => {
    const { services } = await renderSignedIn();
    await act(() => services.gallery.add(creation));
    await act(() => services.gallery.toggleFavorite(creation.id));
    expect(screen.queryByText(/storage is full/)).not.toBeInTheDocument();
  });
});
