import type { Logger, RequestLogFields } from '../platform/src';

/**
 * The app's logger for its client: the client's own, but without its lines for a call that failed
 * for good or is retried (at info, warn or error): the app tells the person about those itself (an
 * error card, the CLI's message), and a second telling in the console or on stderr is noise. Every
 * other line (a structured answer that did not parse, a listener that threw) goes through.
 */
export function withoutRequestFailures(logger: Logger = console): Logger {
  const at =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, ...rest: unknown[]) => {
      if (!isFailureLine(rest[0])) logger[level](message, ...rest);
    };
  return {
    debug: (message, ...rest) => logger.debug(message, ...rest),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}

function isFailureLine(fields: unknown): boolean {
  if (typeof fields !== 'object' || fields === null) return false;
  const { path, code } = fields as Partial<RequestLogFields>;
  return typeof path === 'string' && typeof code === 'string';
}
