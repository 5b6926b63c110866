import { Suspense, lazy } from 'react';
import { LandingPage } from '../features/landing/components/landing-page';
import { AppSkeleton } from './app-skeleton';
import { useAuth } from './auth-context';

// The signed-in app is its own chunk: a visitor on the landing page never downloads it.
const SignedInApp = lazy(() => import('./signed-in-app'));

/** Landing page when signed out, the app when signed in (SPEC.md section 4 "Authentication"). */
export function AuthGate(props: { expectSignedOut?: boolean }) {
  const auth = useAuth();
  if (!auth.isReady && !props.expectSignedOut) return <AppSkeleton label="Loading" />;
  if (!auth.isSignedIn) return <LandingPage onSignIn={auth.signIn} />;
  return (
    <Suspense fallback={<AppSkeleton label="Loading the app" />}>
      <SignedInApp />
    </Suspense>
  );
}
