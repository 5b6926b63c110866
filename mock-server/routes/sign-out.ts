import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, AUTH_HEADERS } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { authenticationFailed } from '../http/platform-error';

const accessTokenOf = (request: FastifyRequest) => {
  const token = request.headers[AUTH_HEADERS.accessToken];
  if (typeof token !== 'string' || token.length === 0)
    throw authenticationFailed('Send the access token.');
  return token;
};

/** The access token's own life: refreshed before it ends, revoked at sign-out. */
export async function signOutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /**
   * POST /v1/auth/refresh: a new access token for the caller's valid one. The old one is left to
   * its own expiry (under 10 minutes away when clients renew): revoking it at once would make
   * 401s of the requests still on their way with it, and a 401 signs the person out.
   */
  app.post(API_PATHS.refresh, { bodyLimit: 1024 }, async (request) => {
    const token = accessTokenOf(request);
    ctx.hitPage(request);
    const claims = await ctx.authenticator.claimsOf(token);
    const signedIn = claims && (await ctx.authenticator.userOf(token));
    if (!claims || !signedIn) throw authenticationFailed('Invalid or expired access token.');
    const { user } = signedIn;
    const accessToken = await ctx.tokens.sign(
      {
        id: user.id,
        email: user.email,
        avatarUrl: claims.avatarUrl ?? new URL(user.avatar_url, ctx.originOf(request)).href,
        projectId: user.project_id,
      },
      claims.sid ?? claims.jti,
    );
    return { accessToken };
  });

  /**
   * POST /v1/auth/sign-out: the access token that calls it and its whole session (every renewal
   * of it) are revoked, so a copy (a browser's history file, a shared computer) gets 401 everywhere
   * from now on, and cannot be renewed. Twice is fine.
   */
  app.post(API_PATHS.signOut, { bodyLimit: 1024 }, async (request) => {
    const token = accessTokenOf(request);
    ctx.hitPage(request);
    const claims = await ctx.authenticator.claimsOf(token);
    if (claims?.jti && claims.exp) ctx.revocations.revoke(claims.jti, claims.exp * 1000);
    // Every token of the session, also one from before a renewal (a history file's): none outlives
    // the newest, which ends at most one lifetime from now.
    if (claims?.sid)
      ctx.revocations.revoke(claims.sid, ctx.now() + ctx.tokens.lifetimeSeconds * 1000);
    return { success: true };
  });
}
