import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  isRequestedSignIn,
  watchTokenInOtherTabs,
  type SignInReturn,
} from '../../adapters/browser/browser.container';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { AuthContext, type AuthContextValue, type PlatformClientHandle } from './auth-context';
import {
  defaultPreloadTargets,
  preloadForSandbox,
  type SandboxPreloadTargets,
} from './auth-sandbox-preload';
import { SwitchAccountDialog } from '../features/account/components/switch-account-dialog';
import { startSignIn } from './auth-sign-in';
import { useServices } from './services-context';
import { useStore } from './use-store';
import { useUrlToken } from './use-url-token';

export interface AuthProviderProps {
  readonly client?: PlatformClientHandle;
  /** A token mountApp already took from the address before the first render. */
  readonly initialToken?: string;
  /** The state nonce that came back with it, if any. */
  readonly initialTokenState?: string;
  /** Publish in the demo banner calls this instead of opening the platform's page. */
  readonly onPublish?: () => void;
  /** Where the sandbox preload knocks; the local platform by default, false turns it off. */
  readonly sandboxPreload?: SandboxPreloadTargets | false;
  /** Sign in at once: the visitor pressed Sign In on the landing page before the app had loaded. */
  readonly signInOnStart?: boolean;
  readonly children: ReactNode;
}

/**
 * The auth state of SPEC.md section 3 for the whole tree, from the session use case: starts the
 * session (token source priority, expiry sweep, 401 watch), takes sign-in returns from the address,
 * follows sign-in and sign-out in other tabs, and offers sign-in and sign-out.
 */
export function AuthProvider(props: AuthProviderProps) {
  const { client, initialToken, initialTokenState, onPublish, sandboxPreload } = props;
  const { session } = useServices();
  const state = useStore(session);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (initialToken)
        await session.accountSwitch.offer(
          initialToken,
          isRequestedSignIn(window, initialTokenState),
        );
      if (live) await session.start();
    })();
    return () => {
      live = false;
      session.dispose();
    };
  }, [session, initialToken, initialTokenState]);

  useUrlToken(
    useCallback(
      ({ token, state }: SignInReturn) =>
        void session.accountSwitch.offer(token, isRequestedSignIn(window, state)),
      [session],
    ),
  );

  useEffect(
    () =>
      watchTokenInOtherTabs(window, STORAGE_KEYS.accessToken, {
        onToken: (token) => void session.acceptToken(token),
        onRemoved: () => {
          if (session.getSnapshot().mode === 'access-token') void session.signOut();
        },
      }),
    [session],
  );

  const platformUrl = client?.options.baseUrl;
  useEffect(() => {
    const targets =
      sandboxPreload === false
        ? undefined
        : (sandboxPreload ?? (platformUrl ? defaultPreloadTargets(platformUrl) : undefined));
    if (targets) preloadForSandbox(window.location.href, targets);
  }, [sandboxPreload, platformUrl]);

  const stopPopup = useRef<() => void>(undefined);
  useEffect(() => () => stopPopup.current?.(), []);
  const signIn = useCallback(() => {
    stopPopup.current?.();
    stopPopup.current = startSignIn(session, window);
  }, [session]);
  const signOut = useCallback(async () => {
    await session.signOut();
  }, [session]);
  // Once the session has started: sign-in needs the credentials it settles on.
  const signInOnStart = useRef(props.signInOnStart);
  const ready = state.isReady;
  useEffect(() => {
    if (!signInOnStart.current || !ready) return;
    signInOnStart.current = false;
    signIn();
  }, [signIn, ready]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, client, platformUrl, onPublish, signIn, signOut }),
    [state, client, platformUrl, onPublish, signIn, signOut],
  );
  const { pending } = useStore(session.accountSwitch);
  return (
    <AuthContext.Provider value={value}>
      {props.children}
      {pending && (
        <SwitchAccountDialog
          current={state.user?.email}
          incoming={pending.user.email || pending.user.userId}
          onStay={() => session.accountSwitch.decline()}
          onSwitch={() => void session.accountSwitch.confirm()}
        />
      )}
    </AuthContext.Provider>
  );
}
