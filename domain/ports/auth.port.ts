import type { TokenClaims } from '../model/user';

/**
 * What the platform client authenticates with (SPEC.md section 6): an access token (mode a), a
 * project token with a user token or a user-token provider (mode b), a project token alone, or
 * nothing at all (demo).
 */
export interface Credentials {
  readonly accessToken?: string;
  readonly projectToken?: string;
  readonly userToken?: string;
  readonly getUserToken?: () => Promise<string | undefined>;
}

/** A sign-in approved on another device: the code a person types at verificationUri. */
export interface DeviceSignIn {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  /** verificationUri with the code filled in. */
  readonly verificationUriComplete: string;
  readonly expiresInSeconds: number;
  /** How long to wait between polls. */
  readonly intervalSeconds: number;
}

/** Where a device sign-in is: approved (with its token, answered once), or not yet, or never. */
export type DeviceSignInState =
  | { readonly status: 'approved'; readonly token: string }
  | { readonly status: 'pending' | 'slow_down' | 'expired' };

/** The platform's side of signing in: token reading, credentials in use, and 401 notices. */
export const AuthPort = Symbol('AuthPort');
export interface AuthPort {
  /** Reads a token's claims without verifying it; undefined when it is not a readable token. */
  decodeToken(token: string): TokenClaims | undefined;
  /** Makes every later platform call use these credentials. */
  useCredentials(credentials: Credentials): void;
  /** The authorization page address that comes back to redirectUri (with /demo when no tokens). */
  signInUrl(redirectUri: string): string;
  /** A fresh access token for the one in use, which then runs out at its own expiry. */
  refresh(): Promise<string>;
  /** Ends the access token in use on the platform, so no copy of it works again (sign-out). */
  revoke(): Promise<void>;
  /** Tells the platform that a one-shot listener here waits at redirectUri for the next sign-in's token; answers the code the person types on the sign-in page. */
  registerLoopbackRedirect(redirectUri: string): Promise<{ code: string }>;
  /** Starts a sign-in that a person approves on any device with a browser (a terminal over SSH). */
  startDeviceSignIn(): Promise<DeviceSignIn>;
  /** Where the device sign-in started with deviceCode is now. */
  pollDeviceSignIn(deviceCode: string): Promise<DeviceSignInState>;
  /** Calls listener whenever a platform call answers 401; returns its remover. */
  onUnauthorized(listener: () => void): () => void;
}
