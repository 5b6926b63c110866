import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryAuth, fakeToken } from '../../adapters/memory/memory-auth';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { Session } from '../../domain/use-cases/session';
import { timerClock } from '../test-support/test-services';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';
import { ServicesProvider } from './services-context';
import type { UiServices } from './services';

const KEY = STORAGE_KEYS.accessToken;
const token = (sub: string, ttlSeconds = 3600) =>
  fakeToken({ sub, email: `${sub}@example.com`, exp: Math.floor(Date.now() / 1000) + ttlSeconds });

function Probe() {
  const auth = useAuth();
  return (
    <output data-testid="auth">
      {JSON.stringify({
        isReady: auth.isReady,
        isSignedIn: auth.isSignedIn,
        hasSignedOut: auth.hasSignedOut,
        userId: auth.user?.userId,
        canFetchUsage: auth.canFetchUsage,
        canUseStorage: auth.canUseStorage,
        projectToken: auth.originalInitParams.projectToken,
      })}
    </output>
  );
}

const state = () => JSON.parse(screen.getByTestId('auth').textContent ?? '{}');

let auth: MemoryAuth;
let local: MemoryLocalStorage;
let session: Session;

function renderProvider(initialToken?: string, initialTokenState?: string) {
  session = new Session(auth, local, timerClock, { projectToken: 'pk_test' });
  render(
    <ServicesProvider services={{ session } as unknown as UiServices}>
      <AuthProvider
        initialToken={initialToken}
        initialTokenState={initialTokenState}
        sandboxPreload={false}
      >
        <Probe />
      </AuthProvider>
    </ServicesProvider>,
  );
}

/** This tab started a sign-in (its state nonce is kept): its return is taken without a question. */
function askedForSignIn(): string {
  window.sessionStorage.setItem('pawloween-sign-in-state', 'nonce-1');
  return 'nonce-1';
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  auth = new MemoryAuth();
  local = new MemoryLocalStorage();
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
});

describe('AuthProvider', () => {
  it('exposes the session: ready and signed in with the persisted token, usage and storage allowed', async () => {
    local.setItem(KEY, token('u1'));
    renderProvider();
    await tick(0);
    expect(state()).toEqual({
      isReady: true,
      isSignedIn: true,
      hasSignedOut: false,
      userId: 'u1',
      canFetchUsage: true,
      canUseStorage: true,
      projectToken: 'pk_test',
    });
  });

  it('signs in with the token mountApp took from the address, and stores it', async () => {
    const fresh = token('u2');
    renderProvider(fresh, askedForSignIn());
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: true, userId: 'u2' });
    expect(local.getItem(KEY)).toBe(fresh);
  });

  it('takes an accessToken that appears in the address at the next 1 s check, and removes it', async () => {
    renderProvider();
    await tick(0);
    expect(state().isSignedIn).toBe(false);
    const fresh = token('u3');
    window.history.replaceState(null, '', `/?accessToken=${fresh}&state=${askedForSignIn()}#top`);
    await tick(999);
    expect(state().isSignedIn).toBe(false);
    await tick(1);
    expect(state()).toMatchObject({ isSignedIn: true, userId: 'u3' });
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#top');
    expect(local.getItem(KEY)).toBe(fresh);
  });

  it('takes an accessToken at once on history navigation (popstate)', async () => {
    renderProvider();
    await tick(0);
    window.history.replaceState(null, '', `/?accessToken=${token('u4')}&state=${askedForSignIn()}`);
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: true, userId: 'u4' });
    expect(window.location.search).toBe('');
  });

  it('a token from the address clears hasSignedOut', async () => {
    local.setItem(KEY, token('u1'));
    renderProvider();
    await tick(0);
    await act(() => session.signOut());
    expect(state()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
    window.history.replaceState(null, '', `/?accessToken=${token('u5')}&state=${askedForSignIn()}`);
    await tick(1_000);
    expect(state()).toMatchObject({ isSignedIn: true, hasSignedOut: false, userId: 'u5' });
  });

  it('asks before a token it did not ask for signs a signed-out visitor in (login CSRF)', async () => {
    renderProvider();
    await tick(0);
    window.history.replaceState(null, '', `/?accessToken=${token('mallory')}`);
    await tick(1_000);
    const dialog = screen.getByRole('alertdialog', { name: 'Continue as mallory@example.com?' });
    expect(state().isSignedIn).toBe(false);
    expect(window.location.search).toBe('');
    act(() => within(dialog).getByRole('button', { name: 'Cancel' }).click());
    // The dialog's history entry (Back closes it) is marked closed in place: no Back of the app's.
    await tick(10);
    expect(window.history.state).toMatchObject({ pawloween: { layers: [], closed: true } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state().isSignedIn).toBe(false);
    expect(local.getItem(KEY)).toBeUndefined();

    // A state that is not this tab's is no better than none; Continue does sign in.
    window.sessionStorage.setItem('pawloween-sign-in-state', 'mine');
    window.history.replaceState(null, '', `/?accessToken=${token('u6')}&state=theirs`);
    await tick(1_000);
    act(() =>
      within(screen.getByRole('alertdialog', { name: 'Continue as u6@example.com?' }))
        .getByRole('button', { name: 'Continue' })
        .click(),
    );
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: true, userId: 'u6' });
  });

  it('discards a persisted token expiring within 30 s, and one without exp', async () => {
    local.setItem(KEY, token('u1', 29));
    renderProvider();
    await tick(0);
    expect(state()).toMatchObject({ isReady: true, isSignedIn: false });
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('discards a persisted token without an exp claim', async () => {
    local.setItem(KEY, fakeToken({ sub: 'u1', email: 'u1@example.com' }));
    renderProvider();
    await tick(0);
    expect(state().isSignedIn).toBe(false);
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('signs out at the first 10 s sweep after the token comes within 30 s of exp', async () => {
    local.setItem(KEY, token('u1', 45));
    renderProvider();
    await tick(0);
    expect(state().isSignedIn).toBe(true);
    await tick(10_000);
    expect(state().isSignedIn).toBe(true);
    // At 20 s the token is 25 s from exp: inside the margin.
    await tick(10_000);
    expect(state()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('a 401 from any platform call signs out silently', async () => {
    local.setItem(KEY, token('u1'));
    renderProvider();
    await tick(0);
    act(() => auth.emitUnauthorized());
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
  });

  it('follows a sign-in and a sign-out made in another tab', async () => {
    renderProvider();
    await tick(0);
    const other = token('u6');
    local.setItem(KEY, other);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: other }));
    });
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: true, userId: 'u6' });
    local.removeItem(KEY);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: KEY, oldValue: other, newValue: null }),
      );
    });
    await tick(0);
    expect(state()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
  });
});
