import type { Output } from './io';

/** How long a quick call may go unanswered before the CLI says what it is waiting for. */
export const WAIT_NOTICE_MS = 1000;

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * fetch that, once a quick platform call (anything but a model run, which shows its own progress)
 * has waited WAIT_NOTICE_MS for an answer, says on stderr what it waits for and how long it will:
 * a platform that accepts and never answers is never a silent terminal.
 */
export function fetchWithWaitingNotice(stderr: Output, timeoutMs: number): Fetch {
  let told = false;
  // 429s per call: past the client's tries, it gives up and says so itself.
  const refusals = new Map<string, number>();
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const run = method === 'POST' && url.pathname === '/v1/run';
    const timer =
      run || told
        ? undefined
        : setTimeout(() => {
            // Calls sent together share one line.
            if (told) return;
            told = true;
            stderr.write(
              `Waiting for ${url.host} to answer ${method} ${url.pathname} (up to ${timeoutMs / 1000} s a try; --timeout to change)...\n`,
            );
          }, WAIT_NOTICE_MS);
    timer?.unref();
    return globalThis
      .fetch(input, init)
      .then((response) => {
        if (response.status === 429)
          sayRateLimited(stderr, response, `${method} ${url.href}`, refusals);
        return response;
      })
      .finally(() => clearTimeout(timer));
  };
}

/** The client tries a call again this many times, after a 429 as after other passing failures. */
const CLIENT_RETRIES = 2;
/** Past this wait the client does not try again: the limit's own error says when to. */
const LONGEST_RETRY_AFTER_S = 60;

/**
 * A 429 the client will wait out (its Retry-After, up to a minute) is said as such, not left to
 * look like a platform that does not answer: "Rate limited, retrying in 50 s...".
 */
function sayRateLimited(
  stderr: Output,
  response: Response,
  call: string,
  refusals: Map<string, number>,
): void {
  const header = response.headers.get('retry-after') ?? '';
  // Seconds, or an HTTP date (RFC 9110).
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header)
    : (Date.parse(header) - Date.now()) / 1000;
  const times = (refusals.get(call) ?? 0) + 1;
  refusals.set(call, times);
  if (!Number.isFinite(seconds) || seconds > LONGEST_RETRY_AFTER_S || times > CLIENT_RETRIES)
    return;
  stderr.write(
    `Rate limited, retrying in ${Math.max(1, Math.ceil(seconds))} s (the platform takes a limited number of requests a minute)...\n`,
  );
}
