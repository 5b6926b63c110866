import type { TokenClaims } from '../model/user';
import type { AuthPort, DeviceSignIn, DeviceSignInState } from '../ports/auth.port';

export type { DeviceSignIn, DeviceSignInState };

/**
 * Getting a token for a terminal (the CLI's login): through the browser here, coming back to a
 * one-shot loopback listener, or approved on another device with a short code (RFC 8628 style).
 * What is done with the token (checked, kept) is the caller's; the session signs in with it.
 */
export class SignIn {
  constructor(private readonly auth: AuthPort) {}

  /**
   * Tells the platform that a one-shot listener here waits at redirectUri for the next sign-in's
   * token; then signInUrl(redirectUri) is the page to open, where the person types the answered
   * code (shown only here, so another program's listener cannot take the token).
   */
  registerLoopbackRedirect(redirectUri: string): Promise<{ code: string }> {
    return this.auth.registerLoopbackRedirect(redirectUri);
  }

  /** The authorization page that comes back to redirectUri. */
  signInUrl(redirectUri: string): string {
    return this.auth.signInUrl(redirectUri);
  }

  /** Starts a sign-in that a person approves on any device with a browser. */
  startOnDevice(): Promise<DeviceSignIn> {
    return this.auth.startDeviceSignIn();
  }

  /** Where the device sign-in started with deviceCode is now. */
  pollDevice(deviceCode: string): Promise<DeviceSignInState> {
    return this.auth.pollDeviceSignIn(deviceCode);
  }

  /** Who a token names and until when, read without verifying it; undefined when unreadable. */
  claimsOf(token: string): TokenClaims | undefined {
    return this.auth.decodeToken(token);
  }
}
