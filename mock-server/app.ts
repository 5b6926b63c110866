import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { createContext, type AppContext } from './app-context';
import type { AppOptions } from './config';
import { installErrorHandler } from './http/error-handler';
import { installSecurityHeaders } from './http/security-headers';
import { createWorkflowPool } from './workflow/index';
import { authRoutes } from './routes/auth';
import { faultRoutes } from './routes/faults';
import { projectRoutes } from './routes/projects';
import { runRoutes } from './routes/run';
import { staticRoutes } from './routes/static-files';
import { storageRoutes } from './routes/storage';
import { subscribeRoutes } from './routes/subscribe';
import { subscriptionRoutes } from './routes/subscriptions';

export type { AppOptions } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's stores and services, for tests and benchmarks that set up accounts directly. */
    platform: AppContext;
  }
}

/** Logs name the path only: query strings carry tokens (?access_token=, ?accessToken=) and never reach a log. */
const requestSerializer = (request: FastifyRequest) => ({
  id: request.id,
  method: request.method,
  path: request.url.split('?')[0],
});

function loggerOptions(logger: AppOptions['logger']) {
  if (!logger) return false;
  return {
    ...(typeof logger === 'object' ? logger : {}),
    serializers: { req: requestSerializer },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-sub-dev-access-token"]',
        'req.headers["x-user-token"]',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * fastify logs two lines per request (incoming, completed): at 50 connections that is a visible
 * share of each request's CPU time. One line says when, what and how it ended; successful reads,
 * the bulk of the traffic and the least telling, log at debug, everything else at info.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD'))
      reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** The local platform as a fastify app with no listen(): server.ts starts it, tests call app.inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    genReqId: () => randomUUID(),
    // x-forwarded-* is not trusted: the origin and client address come from the connection.
    trustProxy: false,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  });
  // A bounded pool: runs beyond the cores wait, and beyond its queue they are refused with 503, not piled up.
  const render = options.renderCostume ?? createWorkflowPool().run;
  const ctx = createContext(options, render, (error) =>
    app.log.error({ err: error }, 'costume workflow failed'),
  );
  app.decorate('platform', ctx);
  app.addHook('onClose', async () => ctx.db.close());

  installErrorHandler(app);
  installSecurityHeaders(app, { allowedOrigins: ctx.allowedOrigins });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.get('/healthz', async () => ({ ok: true }));

  for (const routes of [
    runRoutes,
    subscriptionRoutes,
    storageRoutes,
    projectRoutes,
    authRoutes,
    subscribeRoutes,
    faultRoutes,
    staticRoutes,
  ])
    await app.register(routes, { ctx });
  return app;
}
