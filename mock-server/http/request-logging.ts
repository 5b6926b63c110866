import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * Logs name the path only: query strings carry tokens (?access_token=, ?accessToken=) and never
 * reach a log. The id is on every line already, as reqId.
 */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  path: request.url.split('?')[0],
});

/** pino options for the platform's logger: tokens in headers are redacted, paths lose their query. */
export function loggerOptions(logger: boolean | object | undefined) {
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
 * share of each request's CPU time. One line says when, what and how it ended. Answers that went
 * well are the bulk of the traffic and the least telling: they log at debug (LOG_LEVEL=debug shows
 * every request); refusals (4xx) log at info and failures at error, so the console of `npm start`
 * shows what needs a look.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // A caller that closed its connection mid-answer (a reload) is no failure of the platform's.
    const left = callerLeft(error);
    const level = error && !left ? 'error' : reply.statusCode < 400 && !left ? 'debug' : 'info';
    if (!isPino(reply.log) || !reply.log.isLevelEnabled(level)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (left) reply.log.info(line, 'caller left before the answer ended');
    else if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[level](line, 'request completed');
  }
}

/** The error node gives a stream whose other end closed early: the caller left (a reload). */
export function callerLeft(error: unknown): boolean {
  return (error as { code?: unknown } | null | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** fastify's logger is pino, which can say whether a level would be written. */
type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * request.log, made a real pino child only when the request logs something at an enabled level.
 * A child per request costs about a tenth of a small API answer (`npm run bench -- server`), and a
 * successful read logs nothing at the default level.
 */
class LazyChildLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options) as Logger);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.real.child(...args);
  }

  private log(method: Method, args: unknown[]) {
    if (this.isLevelEnabled(method)) (this.real[method] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}
}

/**
 * fastify's childLoggerFactory: a lazy child, unless the route asks for its own level or
 * serializers, or logging is off: fastify's stand-in logger then is no pino, cannot say whether a
 * level is enabled, and its children cost nothing.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level || options.serializers || !isPino(logger)
    ? logger.child(bindings, options)
    : (new LazyChildLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger);

function isPino(logger: FastifyBaseLogger): logger is Logger {
  return typeof (logger as Partial<Logger>).isLevelEnabled === 'function';
}
