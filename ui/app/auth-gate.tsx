import { Suspense, lazy, useCallback, useEffect } from 'react';
import { LandingPage } from '../features/landing/components/landing-page';
import { useServices } from './services-context';
import { useStore } from './use-store';
import { useUrlToken } from './use-url-token';

// The signed-in app is its own chunk: a visitor on the landing page never downloads it.
const SignedInApp = lazy(() => import('./signed-in-app'));

/**
 * Landing page when signed out, the app when signed in (SPEC.md section 4 "Authentication").
 * A minimal gate: the account feature (issue 6) adds popups, the demo banner and confirmations.
 */
export function AuthGate() {
  const { session } = useServices();
  const auth = useStore(session);

  useEffect(() => {
    void session.start();
    return () => session.dispose();
  }, [session]);

  useUrlToken(useCallback((token: string) => void session.acceptToken(token), [session]));

  const signIn = useCallback(() => {
    const here = window.location.origin + window.location.pathname;
    window.location.assign(session.signInUrl(here));
  }, [session]);

  if (!auth.isReady) return <div className="pw-splash" role="status" aria-label="Loading" />;
  if (!auth.isSignedIn) return <LandingPage onSignIn={signIn} />;
  return (
    <Suspense fallback={<div className="pw-splash" role="status" aria-label="Loading the app" />}>
      <SignedInApp />
    </Suspense>
  );
}
