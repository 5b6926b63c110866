import { PlatformError, type PlatformErrorInit } from './errors';

/** No answer within the timeout (or a stream went quiet). The message says 'timeout' for the error cards. */
export class TimeoutError extends PlatformError {
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

/** The request never got an answer: DNS, refused connection, reset socket. */
export class NetworkError extends PlatformError {
  override name = 'NetworkError';
  override readonly action = 'retry';
  constructor(init: PlatformErrorInit) {
    const reason =
      init.cause instanceof Error ? init.cause.message : String(init.cause ?? 'unknown');
    super({ message: `Network error: ${reason}`, code: 'NETWORK_ERROR', ...init });
  }
}

/** The caller aborted through its AbortSignal; never retried, never shown as a failure. */
export class AbortError extends PlatformError {
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
