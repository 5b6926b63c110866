import { createContext, useContext } from 'react';
import type { BrowserContainer } from '../../adapters/browser/browser.container';
import type { AuthState } from '../../domain/use-cases/session';

/** The platform client the composition root built (SPEC.md section 3 "client"). */
export type PlatformClientHandle = BrowserContainer['client'];

/** SPEC.md section 3 "Auth state", plus the actions the landing page and the shell call. */
export interface AuthContextValue extends AuthState {
  /** Undefined in component tests that run on in-memory ports. */
  readonly client: PlatformClientHandle | undefined;
  /** The platform's base address (pricing, publish); undefined without a client. */
  readonly platformUrl: string | undefined;
  /** Publish in the demo banner calls this instead of opening the platform's page, when given. */
  readonly onPublish: (() => void) | undefined;
  /** Goes to the authorization page, or opens it in a popup inside a frame. */
  readonly signIn: () => void;
  /** Signs out at once (the confirmation is the caller's). */
  readonly signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
