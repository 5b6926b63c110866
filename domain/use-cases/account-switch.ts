import { userFromClaims, type User } from '../model/user';
import type { AuthPort } from '../ports/auth.port';
import { Store } from './store';

export interface AccountSwitchState {
  /**
   * A sign-in return this tab did not ask for, for another account than the one signed in here or
   * while nobody is (a link or a form on another site): held until the person confirms it.
   */
  readonly pending?: { readonly token: string; readonly user: User };
}

/** What the switch needs of the session. */
export interface SwitchableSession {
  /** The access token this device signs in with now, if any. */
  currentToken(): string | undefined;
  isUsable(token: string): boolean;
  isSignedIn(): boolean;
  acceptToken(token: string): Promise<void>;
  signOut(): Promise<void>;
}

/** Sign-in returns and the switch to another account (login CSRF kept out). */
export class AccountSwitch extends Store<AccountSwitchState> {
  constructor(
    private readonly session: SwitchableSession,
    private readonly auth: Pick<AuthPort, 'decodeToken'>,
  ) {
    super({});
  }

  /**
   * A token from the address (the sign-in return). Accepted at once when this tab started that
   * sign-in (its state nonce came back) or when it is the account signed in here already;
   * otherwise a page elsewhere may be signing the person in to someone else's account (login
   * CSRF: a link, an auto-posted form), also when nobody is signed in here, so it waits in
   * `pending` for confirm or decline.
   */
  async offer(token: string, requested: boolean): Promise<void> {
    const incoming = this.auth.decodeToken(token);
    if (!incoming) return;
    const current = this.session.currentToken();
    const currentUser =
      current && this.session.isUsable(current) ? this.auth.decodeToken(current)?.sub : undefined;
    if (requested || (currentUser !== undefined && currentUser === incoming.sub))
      return this.session.acceptToken(token);
    this.update({ pending: { token, user: userFromClaims(incoming) } });
  }

  /**
   * The person agreed to continue with the pending account: an account signed in here is signed
   * out first (revoked, its data removed), as a switch by hand would.
   */
  async confirm(): Promise<void> {
    const pending = this.getSnapshot().pending;
    if (!pending) return;
    this.update({ pending: undefined });
    if (this.session.isSignedIn()) await this.session.signOut();
    await this.session.acceptToken(pending.token);
  }

  /** The person stays with the account signed in here; the other token is dropped. */
  decline(): void {
    this.update({ pending: undefined });
  }
}
