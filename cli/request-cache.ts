import type { KeptAnswer } from './device-gallery-read';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The gallery read kept on this device between commands (DeviceGalleryRead). */
export interface DeviceReads {
  read(url: string): Promise<KeptAnswer | undefined>;
  keep(answer: KeptAnswer): Promise<void>;
  drop(): Promise<void>;
}

/** The one read kept between commands: the gallery's, whose save is guarded by its ETag. */
const GALLERY = '/v1/storage';

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
 *
 * With `device`, every gallery answer (a read's, or an accepted save's: what it wrote and its new
 * ETag) is also kept on this device for the next command, and with `answerFromDevice` the first
 * gallery read is answered from there without a request.
 */
export function fetchWithRequestCache(
  inner: Fetch,
  device?: { reads: DeviceReads; answerFromDevice: boolean; answered?: (etag: string) => void },
): Fetch {
  const kept = new Map<string, Promise<Kept>>();
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method !== 'GET' || !KEPT_READS.includes(url.pathname)) {
      for (const stale of staleAfter(method, url.pathname)) kept.delete(stale);
      if (!device || url.pathname !== GALLERY) return inner(input, init);
      return keepWritten(device.reads, method, url, init, await inner(input, init));
    }
    const key = url.pathname;
    let answer = kept.get(key);
    if (!answer) {
      const fetched = async (): Promise<Kept> => {
        const response = await inner(input, init);
        const got = {
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body: await response.arrayBuffer(),
        };
        const etag = response.headers.get('etag');
        if (device && key === GALLERY && got.status === 200)
          await (etag
            ? device.reads.keep({
                url: pathOf(url),
                etag,
                body: new TextDecoder().decode(got.body),
              })
            : device.reads.drop());
        return got;
      };
      const local =
        device?.answerFromDevice && key === GALLERY
          ? device.reads.read(pathOf(url)).catch(() => undefined)
          : Promise.resolve(undefined);
      answer = local.then((found) => {
        if (!found) return fetched();
        device?.answered?.(found.etag);
        return keptAnswer(found);
      });
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

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** A gallery answer kept on the device, as the platform gave it. */
const keptAnswer = ({ etag, body }: KeptAnswer): Kept => ({
  status: 200,
  statusText: 'OK',
  headers: [
    ['content-type', 'application/json; charset=utf-8'],
    ['etag', etag],
  ],
  body: new TextEncoder().encode(body).buffer as ArrayBuffer,
});

/**
 * An accepted save is the gallery's new state: what it wrote (the same { sessionData } a read
 * answers) under the ETag the platform gave it. Anything else leaves the device nothing to trust.
 */
async function keepWritten(
  reads: DeviceReads,
  method: string,
  url: URL,
  init: RequestInit | undefined,
  response: Response,
): Promise<Response> {
  const etag = response.headers.get('etag');
  const body = init?.body;
  if (method === 'PUT' && response.ok && etag && typeof body === 'string')
    await reads.keep({ url: pathOf(url), etag, body });
  else await reads.drop();
  return response;
}
