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
    return globalThis.fetch(input, init).finally(() => clearTimeout(timer));
  };
}
