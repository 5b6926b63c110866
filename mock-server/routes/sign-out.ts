import type { FastifyInstance } from 'fastify';
import { API_PATHS, AUTH_HEADERS } from '../../adapters/platform/api';
import type { AppContext } from '../app-context';
import { authenticationFailed } from '../http/platform-error';

/**
 * POST /v1/auth/sign-out: the access token that calls it is revoked, so a copy of it (a browser's
 * history file, a shared computer) gets 401 everywhere from now on. Signing out twice is fine.
 */
export async function signOutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(API_PATHS.signOut, { bodyLimit: 1024 }, async (request) => {
    const token = request.headers[AUTH_HEADERS.accessToken];
    if (typeof token !== 'string' || token.length === 0)
      throw authenticationFailed('Send the access token to sign out.');
    ctx.hitPage(request);
    const claims = await ctx.authenticator.claimsOf(token);
    if (claims?.jti && claims.exp) ctx.revocations.revoke(claims.jti, claims.exp * 1000);
    return { success: true };
  });
}
