import type { Output } from './output';
import { visible } from './terminal-text';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The header in which the platform names each request (README "Command line"). */
const REQUEST_ID_HEADER = 'x-request-id';

/** A --debug line on stderr; never a token, a header or a body, only what identifies the call. */
export function debugLine(stderr: Output, text: string): void {
  stderr.write(`[debug] ${visible(text)}\n`);
}

/**
 * fetch that, for --debug, says on stderr each request's method and path (no query, no headers:
 * tokens travel there and in bodies), its status, how long it took to answer and its request id.
 */
export function fetchWithDebugLog(
  stderr: Output,
  inner: Fetch,
  now: () => number = () => performance.now(),
): Fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const call = `${method} ${url.host}${url.pathname}`;
    const started = now();
    const took = () => `${Math.round(now() - started)} ms`;
    try {
      const response = await inner(input, init);
      const id = response.headers.get(REQUEST_ID_HEADER);
      debugLine(
        stderr,
        `${call} -> ${response.status} in ${took()}${id ? ` (request id ${id})` : ''}`,
      );
      return response;
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      debugLine(stderr, `${call} -> failed after ${took()} (${reason})`);
      throw error;
    }
  };
}

/** An address fit for a log: without any user name or password in it. */
export function withoutCredentials(address: string): string {
  const url = new URL(address);
  url.username = '';
  url.password = '';
  return url.href.replace(/\/+$/, '');
}
