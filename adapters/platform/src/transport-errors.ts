import { PlatformError, type ErrorAction, type PlatformErrorInit } from './errors';

/** No answer within the timeout (or a stream went quiet). The message says 'timeout' for the error cards. */
export class TimeoutError extends PlatformError {
  static override readonly kind: string = 'TimeoutError';
  override name = 'TimeoutError';
  override readonly action = 'retry';
  constructor(init: PlatformErrorInit & { timeoutMs: number; idle?: boolean }) {
    super({
      message: init.idle
        ? `Stream idle timeout: no data for ${init.timeoutMs} ms`
        : `Request timeout after ${init.timeoutMs} ms`,
      code: 'TIMEOUT_ERROR',
      ...init,
    });
  }
}

/** Which request went without an answer, for the error's message. */
export interface RequestTarget {
  method: string;
  url: string;
}

/**
 * The request never got an answer: DNS, refused connection, reset socket. The message names the
 * request (method, host and path) and the system's reason (ECONNREFUSED, ENOTFOUND, timeout, ...),
 * as fetch's own message is a bare 'fetch failed'; `cause` is fetch's error with its own causes.
 */
export class NetworkError extends PlatformError {
  static override readonly kind: string = 'NetworkError';
  override name = 'NetworkError';
  override readonly action: ErrorAction = 'retry';
  /** The request's method, when known. */
  readonly method: string | undefined;
  /** The request's address, when known (its query left out: it may carry nothing secret, but needs not be shown). */
  readonly url: string | undefined;
  /** The system's word for the failure: ECONNREFUSED, ENOTFOUND, ECONNRESET, timeout, or fetch's message. */
  readonly reason: string;
  constructor(init: PlatformErrorInit & Partial<RequestTarget>) {
    const { method, url, ...rest } = init;
    const reason = failureReason(init.cause);
    const where = url ? `${method ?? 'request'} ${shortUrl(url)} failed: ` : '';
    super({ message: `Network error: ${where}${reason}`, code: 'NETWORK_ERROR', ...rest });
    this.method = method;
    this.url = url && shortUrl(url);
    this.reason = reason;
  }
}

/** 'host/path', without scheme or query. */
function shortUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
}

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The system's reason inside fetch's error: the deepest cause's code (ECONNREFUSED, ENOTFOUND,
 * UND_ERR_SOCKET) with its message, 'timeout' for a connect timeout, else the deepest message.
 */
export function failureReason(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error ?? 'unknown');
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const code = fieldOf(current, 'code');
    const text = fieldOf(current, 'message');
    if (typeof text === 'string' && text) message = text;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) {
      if (/TIMEOUT|ETIMEDOUT/.test(code)) return `timeout (${code})`;
      return typeof text === 'string' && text && text !== code ? `${code} (${text})` : code;
    }
    if (fieldOf(current, 'name') === 'TimeoutError') return `timeout (${message})`;
    current = fieldOf(current, 'cause');
  }
  return message;
}

/**
 * In a browser, the platform answered but did not list this page's origin (CORS): the browser
 * hides the answer and says only 'Failed to fetch'. The client tells it from an outage by asking
 * once more without CORS (an opaque answer means the host is there). Never retried: the same
 * request is refused every time until the platform lists the origin.
 */
export class CorsRefusedError extends NetworkError {
  static override readonly kind: string = 'CorsRefusedError';
  override name = 'CorsRefusedError';
  override readonly action: ErrorAction = 'none';
  /** The page's origin the platform must allow. */
  readonly origin: string;
  constructor(init: PlatformErrorInit & RequestTarget & { origin: string }) {
    const { origin, ...rest } = init;
    super({
      message: `Network error: ${new URL(init.url).origin} refused requests from ${origin} (CORS): the platform must list ${origin} among its allowed origins (ALLOWED_ORIGINS on the local platform).`,
      code: 'CORS_REFUSED',
      ...rest,
    });
    this.origin = origin;
  }
}

/** The caller aborted through its AbortSignal; never retried, never shown as a failure. */
export class AbortError extends PlatformError {
  static override readonly kind: string = 'AbortError';
  override name = 'AbortError';
  constructor(init: PlatformErrorInit = {}) {
    super({ message: 'Request was aborted', code: 'ABORTED', ...init });
  }
}

/** A body that broke off: the typed reason if we cut it (timeout, abort), else the connection dropped. */
export function readError(lease: { signal: AbortSignal }, error: unknown): unknown {
  if (lease.signal.reason instanceof PlatformError) return lease.signal.reason;
  return error instanceof TypeError ? new NetworkError({ cause: error }) : error;
}

/**
 * The platform answered with a redirect the client will not follow: to another origin (which must
 * never receive the credentials), without a usable Location, past the hop limit, or one a browser
 * hides (an opaque redirect). Never retried.
 */
export class RedirectRefusedError extends PlatformError {
  static override readonly kind: string = 'RedirectRefusedError';
  override name = 'RedirectRefusedError';
  constructor(init: PlatformErrorInit & { location?: string }) {
    super({
      message: init.location
        ? `Refused to follow a redirect to ${init.location}: the client sends credentials only to the platform's own origin.`
        : 'Refused to follow a redirect the client cannot check.',
      code: 'REDIRECT_REFUSED',
      ...init,
    });
  }
}

/** Which stream limit a StreamLimitError names. */
export type StreamLimit = 'line-bytes' | 'stream-bytes' | 'line-time';

/**
 * A stream went past one of the client's limits (ClientOptions.streamLimits): a line too long, a
 * stream too large, or no complete line for too long while bytes trickled in. The download is
 * cancelled; never retried (a run may have been charged).
 */
export class StreamLimitError extends PlatformError {
  static override readonly kind: string = 'StreamLimitError';
  override name = 'StreamLimitError';
  readonly limit: StreamLimit;
  constructor(init: PlatformErrorInit & { limit: StreamLimit; bytes?: number; ms?: number }) {
    const { limit, bytes, ms, ...rest } = init;
    super({
      message:
        limit === 'line-time'
          ? `Stream gave no complete line for ${ms} ms`
          : limit === 'line-bytes'
            ? `Stream line longer than ${bytes} bytes`
            : `Stream longer than ${bytes} bytes`,
      code: 'STREAM_LIMIT_EXCEEDED',
      ...rest,
    });
    this.limit = limit;
  }
}
