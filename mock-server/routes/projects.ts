import type { FastifyInstance } from 'fastify';
import { API_PATHS, AUTH_HEADERS, type DemoProjectResponse } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { bearerOf } from '../auth/authenticate';
import { authenticationFailed } from '../http/platform-error';

/** POST /v1/platform/projects/demo: the user's own demo project, authorised with the user key as bearer. */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(API_PATHS.demoProject, async (request) => {
    const accessToken = request.headers[AUTH_HEADERS.accessToken];
    const userKey =
      bearerOf(request) ?? (typeof accessToken === 'string' ? accessToken : undefined);
    const signedIn = userKey ? await ctx.authenticator.userOf(userKey) : undefined;
    if (!signedIn) throw authenticationFailed('A valid user key is required as bearer.');
    const project = ctx.accounts.demoProjectOf(signedIn.user, 100_00);
    const answer: DemoProjectResponse = {
      id: project.id,
      apiKey: project.api_key,
      isDemo: project.is_demo === 1,
    };
    return answer;
  });
}
