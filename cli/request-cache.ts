type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The reads a command may answer again from what it was told before (paths under /v1). */
const KEPT_READS = ['/v1/storage', '/v1/subscriptions/usage', '/v1/subscriptions/plan'];

/** What a write changes: the reads it makes stale. A run or a purchase changes the balance. */
function staleAfter(method: string, pathname: string): string[] {
  if (pathname === '/v1/storage') return ['/v1/storage'];
  if (method === 'POST' && pathname.startsWith('/v1/run')) return ['/v1/subscriptions/usage'];
  if (pathname.startsWith('/v1/subscriptions') || pathname.startsWith('/v1/checkout'))
    return ['/v1/subscriptions/usage', '/v1/subscriptions/plan'];
  return [];
}

interface Kept {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly body: ArrayBuffer;
}

/**
 * fetch for one command: a read the command already made (the gallery's storage, the balance, the
 * plan) is answered from its first answer, and reads asked together go out once, until a write
 * makes it stale (a storage write, a run). The platform allows 60 requests a minute; a command
 * spends one or two. A storage write still carries the ETag of the read it edits, so a write made
 * meanwhile elsewhere is never lost: the platform answers 412 and the fresh value is read again.
 */
export function fetchWithRequestCache(inner: Fetch): Fetch {
  const kept = new Map<string, Promise<Kept>>();
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method !== 'GET' || !KEPT_READS.includes(url.pathname)) {
      for (const stale of staleAfter(method, url.pathname)) kept.delete(stale);
      return inner(input, init);
    }
    const key = url.pathname;
    let answer = kept.get(key);
    if (!answer) {
      answer = inner(input, init).then(async (response) => ({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await response.arrayBuffer(),
      }));
      kept.set(key, answer);
      // Only a whole, successful answer is kept: a failure is asked again.
      const forget = () => {
        if (kept.get(key) === answer) kept.delete(key);
      };
      answer.then((got) => (got.status === 200 ? undefined : forget()), forget);
    }
    const got = await answer;
    const empty = got.status === 204 || got.status === 304;
    return new Response(empty ? null : got.body.slice(0), {
      status: got.status,
      statusText: got.statusText,
      headers: got.headers,
    });
  };
}
