import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRequestedSignIn } from '../../adapters/browser/browser.container';
import { startSignIn, type SignInSession } from './auth-sign-in';

const AUTH = 'https://auth.example.test';
const APP = 'https://app.example.test';

/** A window stand-in: real event dispatch, a controllable frame position and window.open. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function fakeWindow(options: { framed: boolean; popup?: ReturnType<typeof fakePopup> | null }) {
  const target = new EventTarget();
  const self = {};
  return Object.assign(target, {
    location: { origin: APP, pathname: '/play/', assign: vi.fn() },
    sessionStorage: memoryStorage(),
    self,
    top: options.framed ? {} : self,
    open: vi.fn(() => options.popup ?? null),
    screenX: 0,
    screenY: 0,
    outerWidth: 600,
    outerHeight: 700,
  }) as unknown as Window & {
    open: ReturnType<typeof vi.fn>;
    location: { assign: ReturnType<typeof vi.fn> };
  };
}

/** A MessagePort stands in for the popup: jsdom accepts it as a message's source. */
function fakePopup() {
  const port = new MessageChannel().port1;
  return Object.assign(port, { closed: false, close: vi.fn() });
}

function fakeSession(): SignInSession & { acceptToken: ReturnType<typeof vi.fn> } {
  return {
    signInUrl: (redirect) =>
      `${AUTH}/auth?project_token=pk&redirect_uri=${encodeURIComponent(redirect)}`,
    acceptToken: vi.fn(async () => undefined),
  };
}

function post(win: Window, data: unknown, origin: string, source: MessageEventSource | null) {
  win.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const stops: (() => void)[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});

describe('startSignIn', () => {
  it('outside a frame navigates the same window to the authorization page, back to this page, with a state nonce the tab remembers', () => {
    const win = fakeWindow({ framed: false });
    stops.push(startSignIn(fakeSession(), win, () => 'nonce-0'));
    expect(win.location.assign).toHaveBeenCalledWith(
      `${AUTH}/auth?project_token=pk&redirect_uri=${encodeURIComponent(`${APP}/play/`)}&state=nonce-0`,
    );
    expect(win.open).not.toHaveBeenCalled();
    expect(isRequestedSignIn(win, 'nonce-0')).toBe(true);
    // Used up: the same state does not count twice.
    expect(isRequestedSignIn(win, 'nonce-0')).toBe(false);
  });

  it('inside a frame opens a 600x700 popup carrying a state nonce', () => {
    const popup = fakePopup();
    const win = fakeWindow({ framed: true, popup });
    stops.push(startSignIn(fakeSession(), win, () => 'nonce-1'));
    expect(win.location.assign).not.toHaveBeenCalled();
    const [url, name, features] = win.open.mock.calls[0] as [string, string, string];
    expect(new URL(url).searchParams.get('state')).toBe('nonce-1');
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${APP}/play/`);
    expect(name).toBe('pawloween-sign-in');
    expect(features).toContain('width=600');
    expect(features).toContain('height=700');
  });

  it('signs in only with an auth-success from the authorization origin, the popup and our nonce', () => {
    const popup = fakePopup();
    const win = fakeWindow({ framed: true, popup });
    const session = fakeSession();
    stops.push(startSignIn(session, win, () => 'nonce-1'));
    const message = { type: 'auth-success', access_token: 'tok', state: 'nonce-1' };

    post(win, message, 'https://evil.example.test', popup);
    post(win, message, AUTH, new MessageChannel().port1);
    post(win, { ...message, state: 'other' }, AUTH, popup);
    post(win, { ...message, state: undefined }, AUTH, popup);
    post(win, { type: 'auth-failure', state: 'nonce-1' }, AUTH, popup);
    expect(session.acceptToken).not.toHaveBeenCalled();
    expect(popup.close).not.toHaveBeenCalled();

    post(win, message, AUTH, popup);
    expect(session.acceptToken).toHaveBeenCalledWith('tok');
    expect(popup.close).toHaveBeenCalled();

    // Done: a replay is ignored.
    post(win, message, AUTH, popup);
    expect(session.acceptToken).toHaveBeenCalledTimes(1);
  });

  it('stops listening a moment after the person closed the popup', () => {
    const popup = fakePopup();
    const win = fakeWindow({ framed: true, popup });
    const session = fakeSession();
    stops.push(startSignIn(session, win, () => 'n'));
    popup.closed = true;
    vi.advanceTimersByTime(2_000);
    post(win, { type: 'auth-success', access_token: 'late', state: 'n' }, AUTH, popup);
    expect(session.acceptToken).not.toHaveBeenCalled();
  });

  it('inside a frame with popups blocked signs in within the frame by redirect', () => {
    const win = fakeWindow({ framed: true, popup: null });
    stops.push(startSignIn(fakeSession(), win));
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });
});
