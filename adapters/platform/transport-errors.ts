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
