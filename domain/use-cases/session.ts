import { LIMITS, STORAGE_KEYS } from '../model/constants';
import { userFromClaims, type User } from '../model/user';
import type { AuthPort, Credentials } from '../ports/auth.port';
import type { Cancel, ClockPort } from '../ports/clock.port';
import type { LocalStoragePort } from '../ports/storage.port';
import { forgetLocalCopy } from './storage-sync-local';
import { AccountSwitch } from './account-switch';
import { Store } from './store';
import { SubscriptionOverlayUrl } from './subscription-overlay-url';
import { renewalDue } from './token-renewal';

/** What the app was started with (SPEC.md section 3 "originalInitParams"). */
export interface SessionConfig {
  readonly projectToken?: string;
  readonly accessToken?: string;
  readonly userToken?: string;
  readonly getUserToken?: () => Promise<string | undefined>;
}

/**
 * SPEC.md section 6: (a) an access token signs the user in; (b) a project token with a user token
 * is headless; (c) a project token alone is anonymous; no token at all is demo.
 */
export type AuthMode = 'access-token' | 'headless' | 'project' | 'demo';

/** SPEC.md section 3 "Auth state", minus the client object, which stays in the adapter. */
export interface AuthState {
  readonly isReady: boolean;
  readonly isSignedIn: boolean;
  readonly token?: string;
  readonly user?: User;
  readonly hasSignedOut: boolean;
  readonly mode: AuthMode;
  /** No project token: the demo banner shows (SPEC.md section 2). */
  readonly isDemo: boolean;
  readonly canFetchUsage: boolean;
  readonly canUseStorage: boolean;
  readonly originalInitParams: SessionConfig;
}

interface Resolved {
  mode: AuthMode;
  credentials: Credentials;
  token?: string;
  user?: User;
}

/** What the device keeps of a signed-in user, removed at sign-out. */
const USER_DATA_KEYS = [STORAGE_KEYS.gallery, STORAGE_KEYS.profile];

/**
 * Who is signed in and with what (SPEC.md section 4 "Authentication"): token source priority,
 * the 30 s expiry margin, sign-out, the 10 s expiry sweep and silent sign-out on 401.
 */
export class Session extends Store<AuthState> {
  private readonly stops: Cancel[] = [];
  private generation = 0;
  /** Sign-in returns this tab did not ask for wait here for the person (account-switch.ts). */
  readonly accountSwitch: AccountSwitch = new AccountSwitch(
    {
      currentToken: () => this.local.getItem(STORAGE_KEYS.accessToken) ?? this.getSnapshot().token,
      isUsable: (token) => this.isUsable(token),
      isSignedIn: () => this.getSnapshot().isSignedIn,
      acceptToken: (token) => this.acceptToken(token),
      signOut: async () => {
        await this.signOut();
      },
    },
    { decodeToken: (token) => this.auth.decodeToken(token) },
  );
  /** The in-page pricing overlay (SPEC.md 3 "subscriptionModalUrl"), beside the auth state. */
  readonly subscriptionOverlay = new SubscriptionOverlayUrl();

  constructor(
    private readonly auth: AuthPort,
    private readonly local: LocalStoragePort,
    private readonly clock: ClockPort,
    private readonly config: SessionConfig = {},
  ) {
    super({
      isReady: false,
      isSignedIn: false,
      hasSignedOut: false,
      mode: 'demo',
      isDemo: !config.projectToken,
      canFetchUsage: false,
      canUseStorage: false,
      originalInitParams: config,
    });
  }

  /** Picks the token source, configures the client, and starts the expiry sweep and 401 watch. */
  async start(): Promise<void> {
    if (this.stops.length === 0) {
      this.stops.push(this.clock.every(LIMITS.expiryCheckMs, () => void this.sweepExpired()));
      this.stops.push(
        this.auth.onUnauthorized(() => {
          // The platform refused the token already: nothing to revoke.
          if (this.getSnapshot().isSignedIn) void this.end();
        }),
      );
    }
    await this.initialise();
  }

  /** Stops the sweep and the 401 watch. */
  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** A token arrived (the sign-in return or an auth popup): keep it and sign in with it. */
  async acceptToken(token: string): Promise<void> {
    this.local.setItem(STORAGE_KEYS.accessToken, token);
    this.update({ hasSignedOut: false });
    await this.initialise();
  }

  private forgetUserData(): void {
    // With their unsent edits and what was set aside: the user's data too.
    for (const key of USER_DATA_KEYS) forgetLocalCopy(this.local, key);
  }

  /**
   * The person signs out: the platform revokes the access token first (so a copy left in a
   * browser's history or on a shared computer is dead), then the device forgets it and the user's
   * data. Offline, the revocation fails and the token lapses at its expiry instead. Answers
   * whether the platform revoked a token.
   */
  async signOut(): Promise<boolean> {
    const { mode, token } = this.getSnapshot();
    let revoked = false;
    if (mode === 'access-token' && token) {
      // Nothing new goes out with the token while it is being revoked.
      this.update({ canFetchUsage: false, canUseStorage: false });
      revoked = await this.auth.revoke().then(
        () => true,
        () => false,
      );
    }
    await this.end();
    return revoked;
  }

  /**
   * Forgets the token and the signed-in user's data on this device (gallery, profile and their
   * unsent edits), so the next person here never sees them, online or offline; continues with the
   * project token only.
   */
  private async end(): Promise<void> {
    this.forgetUserData();
    this.local.removeItem(STORAGE_KEYS.accessToken);
    // Storage and usage are withdrawn in the same update, so nothing reacting to the lost user
    // sends one more request with credentials that no longer reach it.
    this.update({
      hasSignedOut: true,
      isSignedIn: false,
      user: undefined,
      token: undefined,
      canFetchUsage: false,
      canUseStorage: false,
    });
    await this.initialise();
  }

  /** Where sign-in goes, coming back to redirectUri. */
  signInUrl(redirectUri: string): string {
    return this.auth.signInUrl(redirectUri);
  }

  /** When the signed-in token expires (ms, the clock's) and how long it has left, when it says. */
  expiry(): { readonly at: number; readonly leftMs: number } | undefined {
    const { token } = this.getSnapshot();
    const exp = token === undefined ? undefined : this.auth.decodeToken(token)?.exp;
    if (exp === undefined) return undefined;
    return { at: exp * 1000, leftMs: exp * 1000 - this.clock.now() };
  }

  /** True when the token is unreadable, has no exp, or expires within the 30 s margin. */
  isUsable(token: string): boolean {
    const exp = this.auth.decodeToken(token)?.exp;
    return exp !== undefined && exp * 1000 - LIMITS.tokenExpiryMarginMs > this.clock.now();
  }

  private async initialise(): Promise<void> {
    const run = ++this.generation;
    const resolved = await this.resolve();
    // A later sign-in or sign-out overtook this one while getUserToken was pending.
    if (run !== this.generation) return;
    this.auth.useCredentials(resolved.credentials);
    const signedIn = resolved.mode === 'access-token' || resolved.mode === 'headless';
    this.update({
      isReady: true,
      isSignedIn: signedIn,
      mode: resolved.mode,
      token: resolved.token,
      user: resolved.user,
      canFetchUsage: signedIn,
      canUseStorage: resolved.mode === 'access-token',
    });
  }

  private async resolve(): Promise<Resolved> {
    const { projectToken, accessToken, userToken, getUserToken } = this.config;
    const anonymous: Resolved = projectToken
      ? { mode: 'project', credentials: { projectToken } }
      : { mode: 'demo', credentials: {} };
    if (this.getSnapshot().hasSignedOut) return anonymous;
    if (accessToken && this.isUsable(accessToken)) return this.signedInWith(accessToken);
    const persisted = this.local.getItem(STORAGE_KEYS.accessToken);
    if (persisted !== undefined) {
      if (this.isUsable(persisted)) return this.signedInWith(persisted);
      // The person walked away without signing out: their data goes with their expired token.
      this.forgetUserData();
      this.local.removeItem(STORAGE_KEYS.accessToken);
    }
    if (projectToken && userToken) return this.headless(projectToken, userToken);
    if (projectToken && getUserToken) {
      const provided = await getUserToken().catch(() => undefined);
      if (provided) return this.headless(projectToken, provided, getUserToken);
    }
    return anonymous;
  }

  private signedInWith(token: string): Resolved {
    const claims = this.auth.decodeToken(token);
    return {
      mode: 'access-token',
      credentials: { accessToken: token },
      token,
      user: claims && userFromClaims(claims),
    };
  }

  private headless(
    projectToken: string,
    userToken: string,
    getUserToken?: () => Promise<string | undefined>,
  ): Resolved {
    const claims = this.auth.decodeToken(userToken);
    return {
      mode: 'headless',
      credentials: getUserToken ? { projectToken, getUserToken } : { projectToken, userToken },
      token: userToken,
      user: claims && userFromClaims(claims),
    };
  }

  private async sweepExpired(): Promise<void> {
    const { mode, token } = this.getSnapshot();
    if (mode !== 'access-token' || !token || this.isUsable(token)) return this.refreshIfDue();
    // Inside the 30 s margin but not yet expired (renewals were held up, a run may be in flight):
    // one more renewal before the session ends.
    const exp = this.auth.decodeToken(token)?.exp;
    if (exp !== undefined && exp * 1000 > this.clock.now() && (await this.renew(token))) return;
    if (this.getSnapshot().token === token) await this.end();
  }

  private refreshing = false;

  /**
   * Renews the signed-in access token once it has less than LIMITS.tokenRefreshBeforeMs left
   * (tokens live an hour, so a copy found later is soon dead). Only the token this device keeps:
   * one handed in by the host page is the host's to renew. Offline, it is tried again on the next
   * sweep, and the session ends at the token's expiry as before.
   */
  async refreshIfDue(): Promise<void> {
    const { mode, token } = this.getSnapshot();
    if (mode !== 'access-token' || !token) return;
    if (!renewalDue(this.auth.decodeToken(token), this.clock)) return;
    await this.renew(token);
  }

  /** Renews the token this device keeps; true when the fresh one took its place. */
  private async renew(token: string): Promise<boolean> {
    if (this.refreshing || this.local.getItem(STORAGE_KEYS.accessToken) !== token) return false;
    this.refreshing = true;
    try {
      const fresh = await this.auth.refresh();
      // Signed out or switched meanwhile: the fresh token is not wanted.
      if (this.getSnapshot().token !== token) return false;
      await this.acceptToken(fresh);
      return true;
    } catch {
      return false; // tried again on the next sweep
    } finally {
      this.refreshing = false;
    }
  }
}
