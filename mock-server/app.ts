import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { createContext, type AppContext } from './app-context';
import { CONNECTION_LIMITS, type AppOptions } from './config';
import {
  capConnections,
  cutOnlyClientIdleSockets,
  defaultMaxConnections,
} from './http/connection-limits';
import { installCompression } from './http/compression';
import { installErrorHandler } from './http/error-handler';
import { installJsonParser } from './http/json-body';
import { lazyChildLogger, loggerOptions, OneLinePerRequest } from './http/request-logging';
import { installSecurityHeaders } from './http/security-headers';
import { CHECKPOINT_DEFAULTS, WalCheckpointer } from './store/wal-checkpointer';
// The pool and input checks alone: the render pipeline (TensorFlow.js, OpenCV) loads in the render
// threads, not with the server.
import { createWorkflowPool } from './workflow/workflow-pool';
import { settleInterruptedRuns } from './runs/interrupted-runs';
import { authRoutes } from './routes/auth';
import { signOutRoutes } from './routes/sign-out';
import { deviceRoutes } from './routes/device';
import { faultRoutes } from './routes/faults';
import { petRoutes } from './routes/pets';
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

/**
 * Request ids shaped as UUIDs: this start's random 80 bits, then a counter (randomUUID per request
 * was a measurable share of a small answer's CPU).
 */
function requestIds(): () => string {
  const random = randomBytes(10).toString('hex');
  const prefix = `${random.slice(0, 8)}-${random.slice(8, 12)}-${random.slice(12, 16)}-${random.slice(16)}-`;
  let count = 0;
  return () => prefix + (++count).toString(16).padStart(12, '0');
}

/** The local platform as a fastify app with no listen(): server.ts starts it, tests call app.inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const connections = {
    ...CONNECTION_LIMITS,
    maxConnections: options.connections?.maxConnections ?? defaultMaxConnections(),
    ...options.connections,
  };
  const app = Fastify({
    // fastify turns node's request timeout off by default: a body trickled a byte at a time would
    // hold its socket for ever.
    requestTimeout: connections.requestTimeoutMs,
    connectionTimeout: connections.idleTimeoutMs,
    // Given to node's server when it is made: node 20 ignores a request timeout set afterwards while
    // the headers timeout is longer. Checked every 30 s by default: often enough for it to mean it.
    http: {
      requestTimeout: connections.requestTimeoutMs,
      headersTimeout: Math.min(connections.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(30_000, connections.requestTimeoutMs / 4),
    },
    logger: loggerOptions(options.logger),
    // Unique per process start and request, and cheap: a random prefix and a counter (a UUID per
    // request was a measurable share of a small answer).
    genReqId: requestIds(),
    // x-forwarded-* is read only from the configured proxies (TRUST_PROXY): from anyone else the
    // origin and client address come from the connection.
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
  });
  // A bounded pool: runs beyond the cores wait, and beyond its queue they are refused with 503, not piled up.
  const render = options.renderCostume ?? createWorkflowPool().run;
  const ctx = createContext(options, render, (error) =>
    app.log.error({ err: error }, 'costume workflow failed'),
  );
  app.decorate('platform', ctx);
  const interrupted = await settleInterruptedRuns(ctx.accounts.runs, ctx.filesDir);
  if (interrupted > 0)
    app.log.warn(
      { runs: interrupted },
      'refunded costume runs a stop cut off, removed their files',
    );
  app.decorateRequest('guardChecked', null);
  capConnections(app.server, connections);
  cutOnlyClientIdleSockets(app.server);
  // Files no gallery names go after their retention: a pass soon after start, then hourly.
  const sweep = () =>
    void ctx.fileRetention
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'file retention sweep failed'));
  const firstSweep = setTimeout(sweep, 60_000).unref();
  const hourlySweep = setInterval(sweep, 60 * 60_000).unref();
  const checkpoints =
    ctx.databaseFile === ':memory:'
      ? undefined
      : new WalCheckpointer(ctx.db, ctx.databaseFile, {
          ...CHECKPOINT_DEFAULTS,
          onError: (error) =>
            app.log.error(
              { err: error },
              'WAL checkpoint worker failed: checkpointing in requests',
            ),
        });
  app.addHook('onClose', async () => {
    clearTimeout(firstSweep);
    clearInterval(hourlySweep);
    await checkpoints?.stop();
    ctx.accounts.credits.payOwed();
    // Everything into the database file itself, so the .db alone holds every row after a shutdown.
    try {
      ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      app.log.error({ err: error }, 'WAL checkpoint at shutdown failed');
    }
    ctx.db.close();
    ctx.dataDirLock.release();
  });

  installErrorHandler(app);
  installJsonParser(app);
  installSecurityHeaders(app, { allowedOrigins: ctx.allowedOrigins });
  installCompression(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.get('/healthz', async () => ({ ok: true }));

  for (const routes of [
    runRoutes,
    subscriptionRoutes,
    storageRoutes,
    projectRoutes,
    petRoutes,
    authRoutes,
    signOutRoutes,
    deviceRoutes,
    subscribeRoutes,
    faultRoutes,
    staticRoutes,
  ])
    await app.register(routes, { ctx });
  return app;
}
