import type { FastifyRequest } from 'fastify';
import { AUTH_HEADERS, type TokenClaims } from '../../adapters/platform/src/api';
import type { RevocationStore } from '../store/revocation-store';
import type { Accounts } from '../store/accounts';
import type { ProjectRow, UserRow } from '../store/account-rows';
import type { TokenService } from './token-service';
import { authenticationFailed } from '../http/platform-error';

/**
 * Who is calling, by the three auth modes of SPEC.md 6:
 * (a) 'user': a universal access token; (b) 'headless': project key plus user token; (c) 'anonymous': project key only.
 */
export type Principal =
  | { mode: 'user'; user: UserRow; project: ProjectRow }
  | { mode: 'headless'; user: UserRow; project: ProjectRow }
  | { mode: 'anonymous'; project: ProjectRow };

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** The bearer credential, cleaned the way the client cleans API keys (SPEC.md 5). */
export function bearerOf(request: FastifyRequest): string | undefined {
  const authorization = header(request, AUTH_HEADERS.authorization);
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1]?.replace(/=+$/, '');
}

/** `next` applied to a value now, or once it resolves: the hot path stays free of promises. */
export function andThen<T, R>(
  value: T | Promise<T>,
  next: (value: T) => R | Promise<R>,
): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

type SignedIn = { user: UserRow; project: ProjectRow };

export class Authenticator {
  constructor(
    private readonly accounts: Pick<Accounts, 'users' | 'projects'>,
    private readonly tokens: TokenService,
    private readonly revocations: RevocationStore,
  ) {}

  /**
   * The signed-in user of a token, if the token is valid, not signed out, and the user still
   * exists in its project.
   */
  async userOf(token: string): Promise<SignedIn | undefined> {
    return this.userOfNow(token);
  }

  /** As userOf, with no promise when the token was verified before. */
  private userOfNow(
    token: string,
    connection?: object,
  ): SignedIn | undefined | Promise<SignedIn | undefined> {
    return andThen(this.tokens.verifyNow(token, connection), (claims) => {
      if (!claims || this.signedOut(claims)) return undefined;
      const found = this.accounts.users.userWithProject(claims.sub);
      return found && found.user.project_id === claims.projectId ? found : undefined;
    });
  }

  /** The claims of a valid token that was not signed out. */
  async claimsOf(token: string): Promise<TokenClaims | undefined> {
    const claims = await this.tokens.verify(token);
    return claims && !this.signedOut(claims) ? claims : undefined;
  }

  private signedOut(claims: TokenClaims): boolean {
    if (claims.jti !== undefined && this.revocations.isRevoked(claims.jti)) return true;
    return claims.sid !== undefined && this.revocations.isRevoked(claims.sid);
  }

  /** Throws 401 for missing or invalid credentials of any mode. */
  async principal(request: FastifyRequest): Promise<Principal> {
    return this.principalNow(request);
  }

  /**
   * As principal, answered (or thrown) at once when the token was verified before: the guard's
   * hot path. Every check is the same; only the promises are left out.
   */
  principalNow(request: FastifyRequest): Principal | Promise<Principal> {
    const accessToken = header(request, AUTH_HEADERS.accessToken);
    const bearer = bearerOf(request);
    const bearerProject = bearer ? this.accounts.projects.projectByKey(bearer) : undefined;
    if (bearer && !bearerProject && !accessToken)
      throw authenticationFailed('Invalid project key.');

    if (accessToken)
      return andThen(this.userOfNow(accessToken, request.raw.socket), (signedIn): Principal => {
        if (!signedIn) throw authenticationFailed('Invalid or expired access token.');
        if (bearerProject && bearerProject.id !== signedIn.project.id)
          throw authenticationFailed('The access token belongs to another project.');
        return { mode: 'user', ...signedIn };
      });
    if (!bearerProject)
      throw authenticationFailed('Missing credentials: send an access token or a project key.');

    const userToken = header(request, AUTH_HEADERS.userToken);
    if (!userToken) return { mode: 'anonymous', project: bearerProject };
    return andThen(this.userOfNow(userToken, request.raw.socket), (signedIn): Principal => {
      if (!signedIn || signedIn.project.id !== bearerProject.id)
        throw authenticationFailed('Invalid or expired user token.');
      return { mode: 'headless', ...signedIn };
    });
  }
}
