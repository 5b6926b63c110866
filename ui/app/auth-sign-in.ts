import {
  AuthSuccessMessage,
  isInFrame,
  listenForMessages,
  openPopup,
  originOf,
  rememberSignInState,
  watchWindow,
} from '../../adapters/browser/browser.container';
import { LIMITS } from '../../domain/model/constants';
import { rememberPageBeforeApp } from './app-history';

/** What sign-in needs of the session. */
export interface SignInSession {
  signInUrl(redirectUri: string): string;
  acceptToken(token: string): Promise<void>;
}

const POPUP_NAME = 'pawloween-sign-in';

function randomState(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}

/**
 * Sign-in (SPEC.md section 4): the same window goes to the authorization page and comes back with
 * ?accessToken=. Inside a frame the page opens in a 600x700 popup instead, and only an auth-success
 * message from the authorization origin, from that popup, carrying our state nonce, signs in.
 * Returns a function that stops waiting for the popup.
 */
export function startSignIn(
  session: SignInSession,
  win: Window = window,
  newState: () => string = randomState,
): () => void {
  const redirectUri = win.location.origin + win.location.pathname;
  const state = newState();
  const withState = new URL(session.signInUrl(redirectUri));
  withState.searchParams.set('state', state);
  // The return is accepted without a question only if it brings this nonce back (login CSRF).
  const redirect = () => {
    rememberSignInState(win, state);
    rememberPageBeforeApp(win);
    win.location.assign(withState.toString());
    return () => undefined;
  };
  if (!isInFrame(win)) return redirect();
  const popupUrl = withState;
  const popup = openPopup(win, popupUrl.toString(), POPUP_NAME, {
    width: LIMITS.authPopupWidth,
    height: LIMITS.authPopupHeight,
  });
  // Popups blocked: sign in inside the frame itself; the token comes back in its address.
  if (!popup) return redirect();
  const authOrigin = originOf(popupUrl.toString());
  let lingering: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopListening();
    stopWatching();
    if (lingering !== undefined) clearTimeout(lingering);
  };
  const stopListening = listenForMessages(win, {
    origins: () => [authOrigin],
    sources: () => [popup],
    schema: AuthSuccessMessage,
    onMessage: (message) => {
      if (message.state !== state) return;
      stop();
      popup.close();
      void session.acceptToken(message.access_token);
    },
  });
  const stopWatching = watchWindow(popup, {
    pollMs: LIMITS.urlTokenCheckMs,
    // The page posts and then closes itself: give its message a moment to arrive.
    onClosed: () => {
      lingering = setTimeout(stop, LIMITS.urlTokenCheckMs);
    },
  });
  return stop;
}
