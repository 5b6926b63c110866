import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_DEFAULTS } from '../../domain/model/app-config';
import { SUBSCRIPTION_REFRESH_EVENT } from '../features/subscription/hooks/subscription-flow';
import { createTestServices } from '../test-support/test-services';
import { AppRoot } from './app-root';

// Transforming the lazy app chunk on first import takes long: once, before the tests.
beforeAll(async () => {
  await import('./signed-in-app');
});

async function renderSignedIn() {
  const test = createTestServices({ signedIn: true });
  vi.mocked(test.billing.subscribeUrl).mockResolvedValue(
    'http://localhost:3000/subscribe?access_token=tok',
  );
  render(<AppRoot config={APP_DEFAULTS} services={test.services} sandboxPreload={false} />);
  await screen.findByRole('button', { name: /Generate Halloween Costume/ });
  return { ...test, header: screen.getByRole('banner') };
}

describe('the account side of the signed-in app', () => {
  it('the gear opens Account Settings; a saved name shows in the header and focus returns to the gear', async () => {
    const { header } = await renderSignedIn();
    const gear = within(header).getByRole('button', { name: 'Account Settings' });
    await userEvent.click(gear);
    const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
    const input = within(dialog).getByLabelText('Display Name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Captain Luna');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Account Settings' })).not.toBeInTheDocument(),
    );
    expect(within(header).getByText('Captain Luna')).toBeInTheDocument();
    expect(gear).toHaveFocus();
  });

  it('Sign Out asks first: Cancel keeps the session, Escape too', async () => {
    const { header } = await renderSignedIn();
    const signOut = within(header).getByRole('button', { name: 'Sign Out' });
    await userEvent.click(signOut);
    const dialog = screen.getByRole('alertdialog', { name: 'Sign Out' });
    expect(dialog).toHaveTextContent('Are you sure you want to sign out?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(signOut).toHaveFocus();
    await userEvent.click(signOut);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('Upgrade opens the pricing page in the overlay, which Close hides', async () => {
    const { header } = await renderSignedIn();
    await userEvent.click(within(header).getByRole('button', { name: 'Upgrade' }));
    const overlay = await screen.findByRole('dialog', { name: 'Plans and credits' });
    const frame = within(overlay).getByTitle('Choose a plan') as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.pathname).toBe('/subscribe');
    expect(src.searchParams.get('access_token')).toBe('tok');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    await userEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Plans and credits' })).not.toBeInTheDocument();
  });

  it('signing in reads credits and plan once: the header shows what the sign-in refresh read', async () => {
    const { header, billing } = await renderSignedIn();
    expect(await within(header).findByText('$7.50')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    // Whatever else was going to ask has asked by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(billing.getBalance).toHaveBeenCalledTimes(1);
    expect(billing.getSubscriptionStatus).toHaveBeenCalledTimes(1);
  });

  it('a header that mounts while the sign-in refresh is still out waits for it instead of asking again', async () => {
    const test = createTestServices({ signedIn: true });
    let answer: (balance: {
      allocatedCredits: number;
      usedCredits: number;
      remainingCredits: number;
    }) => void = () => undefined;
    vi.mocked(test.billing.getBalance).mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve)),
    );
    render(<AppRoot config={APP_DEFAULTS} services={test.services} sandboxPreload={false} />);
    await screen.findByRole('button', { name: /Generate Halloween Costume/ });
    expect(test.services.account.getSnapshot().status).toBe('loading');
    act(() => answer({ allocatedCredits: 10, usedCredits: 6, remainingCredits: 4 }));
    expect(await within(screen.getByRole('banner')).findByText('$4.00')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(test.billing.getBalance).toHaveBeenCalledTimes(1);
    expect(test.billing.getSubscriptionStatus).toHaveBeenCalledTimes(1);
  });

  it('the refresh event re-reads plan and credits from the platform: Manage and the new balance show', async () => {
    const { header, billing } = await renderSignedIn();
    expect(await within(header).findByText('$7.50')).toBeInTheDocument();
    vi.mocked(billing.getSubscriptionStatus).mockResolvedValue({
      hasActiveSubscription: true,
      status: 'active',
    });
    vi.mocked(billing.getBalance).mockResolvedValue({
      allocatedCredits: 30,
      usedCredits: 2.5,
      remainingCredits: 27.5,
    });
    act(() => void window.dispatchEvent(new CustomEvent(SUBSCRIPTION_REFRESH_EVENT)));
    expect(await within(header).findByRole('button', { name: 'Manage' })).toBeInTheDocument();
    expect(await within(header).findByText('$27.50')).toBeInTheDocument();
  });
});
