import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_DEFAULTS } from '../../domain/model/app-config';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { createTestServices, fakeToken } from '../test-support/test-services';
import { AppRoot } from './app-root';

// Transforming the lazy app chunk on first import takes long: once, before the tests.
beforeAll(async () => {
  await import('./signed-in-app');
});

afterEach(() => window.history.replaceState(null, '', '/'));

function renderApp(signedIn: boolean, config = APP_DEFAULTS) {
  const test = createTestServices({ signedIn });
  render(<AppRoot config={config} services={test.services} />);
  return test;
}

describe('AuthGate', () => {
  it('shows the landing page when signed out, with texts from the config', async () => {
    renderApp(false, {
      ...APP_DEFAULTS,
      name: 'Spookypets',
      texts: { ...APP_DEFAULTS.texts, signIn: 'Enter' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spookypets' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Generate Halloween Costume/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the signed-in app with the header, the e-mail name and the credit balance with 2 decimals', async () => {
    renderApp(true);
    expect(
      await screen.findByRole('button', { name: /Generate Halloween Costume/ }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('luna')).toBeInTheDocument();
    expect(await within(header).findByText('$7.50')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('reads Manage instead of Upgrade with an active subscription', async () => {
    const test = createTestServices({ signedIn: true });
    vi.mocked(test.billing.getSubscriptionStatus).mockResolvedValue({
      hasActiveSubscription: true,
      status: 'active',
    });
    render(<AppRoot config={APP_DEFAULTS} services={test.services} />);
    expect(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Manage' }),
    ).toBeInTheDocument();
  });

  it('signs in with an accessToken from the address and removes it from the address bar', async () => {
    const token = fakeToken({ sub: 'u2', email: 'max@example.com', exp: Date.now() / 1000 + 3600 });
    window.sessionStorage.setItem('pawloween-sign-in-state', 'nonce-1');
    window.history.replaceState(null, '', `/?accessToken=${token}&state=nonce-1`);
    const test = renderApp(false);
    expect(
      await screen.findByRole('button', { name: /Generate Halloween Costume/ }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(test.local.getItem(STORAGE_KEYS.accessToken)).toBe(token);
  });

  it('switches between Create and My Gallery, and signs out after confirmation', async () => {
    renderApp(true);
    await screen.findByRole('button', { name: /Generate Halloween Costume/ });
    const header = screen.getByRole('banner');
    await userEvent.click(within(header).getByRole('button', { name: 'My Gallery' }));
    expect(screen.getByRole('heading', { name: 'My Pet Gallery' })).toBeInTheDocument();
    expect(screen.getByText('No creations yet')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'My Gallery' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(within(header).getByRole('button', { name: 'Sign Out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign Out' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
