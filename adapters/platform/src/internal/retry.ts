import { parseRetryAfter, RateLimitError, type PlatformError } from '../errors';
import { AbortError } from '../transport-errors';

/** A Retry-After beyond this is not waited out by a call: the error goes to the app ('wait'). */
export const MAX_RETRY_AFTER_SECONDS = 60;
/** A 429 asking for more than this pauses the whole queue, so other calls stop hammering too. */
export const LONG_RATE_LIMIT_SECONDS = 5;

/** Seconds the platform asked us to wait, from the error body or the answer's headers. */
export function retryAfterSeconds(error: PlatformError): number | undefined {
  if (error instanceof RateLimitError && error.retryAfter !== undefined) return error.retryAfter;
  return error.headers ? parseRetryAfter(error.headers) : undefined;
}

/** Milliseconds before attempt `retry` (0-based): the platform's word, else exponential backoff with jitter. */
export function retryDelay(
  error: PlatformError,
  retry: number,
  random: () => number = Math.random,
): number {
  const asked = retryAfterSeconds(error);
  if (asked !== undefined && asked >= 0 && asked <= MAX_RETRY_AFTER_SECONDS) return asked * 1000;
  const base = Math.min(500 * 2 ** retry, 8000);
  // Jitter spreads the retries of many clients hit by the same outage.
  return base * (1 - random() * 0.25);
}

/** When a rate limit lifts (epoch ms): resetTime (ISO, epoch s or ms), else now + retryAfter. */
export function resetAt(error: RateLimitError, now = Date.now()): number | undefined {
  const { resetTime } = error;
  if (typeof resetTime === 'number') return resetTime < 1e12 ? resetTime * 1000 : resetTime;
  if (typeof resetTime === 'string') {
    const parsed = Date.parse(resetTime);
    if (!Number.isNaN(parsed)) return parsed;
  }
  const seconds = retryAfterSeconds(error);
  return seconds === undefined ? undefined : now + seconds * 1000;
}

/** Waits ms, or rejects with AbortError as soon as signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError({ cause: signal.reason }));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
