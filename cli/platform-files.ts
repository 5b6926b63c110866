import path from 'node:path';
import { CliError } from './cli-error';
import { visible } from './terminal-text';

/** Same-origin redirects followed by hand for one download, at most. */
export const MAX_FILE_REDIRECTS = 5;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * True when `url` is served by the platform at `base`: the same origin, or (on loopback) the same
 * scheme and port under another loopback name, as the local platform answers under any of them.
 */
export function isPlatformOrigin(url: URL, base: URL): boolean {
  if (url.origin === base.origin) return true;
  return (
    url.protocol === base.protocol &&
    url.port === base.port &&
    LOOPBACK_NAMES.has(url.hostname) &&
    LOOPBACK_NAMES.has(base.hostname)
  );
}

/** A creation's file the platform named, or undefined when it is not one of the platform's own. */
export function platformFileUrl(baseUrl: string, url: string): URL | undefined {
  const base = new URL(baseUrl);
  const resolved = URL.canParse(url, base) ? new URL(url, base) : undefined;
  return resolved && isPlatformOrigin(resolved, base) ? resolved : undefined;
}

/** A refused download: the platform named a file that is not its own. */
export function foreignFile(url: string, baseUrl: string, why = 'is not on'): CliError {
  return new CliError(
    `Refused to download ${visible(url)}: it ${why} ${baseUrl}.`,
    undefined,
    ['Creations are downloaded only from the platform that made them; this one was not fetched.'],
    { code: 'FOREIGN_FILE' },
  );
}

/**
 * The bytes of one of the platform's own files. Anything else is refused before a byte is sent, and
 * a redirect is followed by hand only while it stays on the platform: a download never reaches
 * another origin.
 */
export async function fetchPlatformFile(
  baseUrl: string,
  url: string,
  signal?: AbortSignal,
  fetchFile: typeof globalThis.fetch = globalThis.fetch,
): Promise<Uint8Array> {
  const base = new URL(baseUrl);
  const first = platformFileUrl(baseUrl, url);
  if (!first) throw foreignFile(url, baseUrl);
  let current: URL = first;
  for (let hop = 0; hop <= MAX_FILE_REDIRECTS; hop++) {
    const response: Response = await fetchFile(current, { signal, redirect: 'manual' });
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => {});
      const location: string = response.headers.get('location') ?? '';
      const next: URL | undefined = URL.canParse(location, current)
        ? new URL(location, current)
        : undefined;
      if (!next || !isPlatformOrigin(next, base))
        throw foreignFile(location, baseUrl, 'redirects away from');
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`Could not download ${visible(current.href)}: HTTP ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
  throw new Error(`Could not download ${visible(url)}: more than ${MAX_FILE_REDIRECTS} redirects`);
}

/**
 * The part of a gallery id a file name may carry: SPEC.md's ids are timestamp strings, and anything
 * else has every character but letters, digits, '-' and '_' replaced, so no id names a folder.
 */
export function safeFileId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'creation';
}

/** `name` inside `dir`, or a refusal when it would resolve anywhere else. */
export function insideFolder(dir: string, name: string): string {
  const folder = path.resolve(dir);
  if (path.dirname(path.resolve(folder, name)) !== folder)
    throw new CliError(`Refused to write ${visible(name)}: it is not a file inside ${dir}.`);
  return path.join(dir, name);
}
