/** What a download needs from the page; tests pass their own. */
export interface DownloadEnvironment {
  readonly fetch: typeof fetch;
  readonly document: Document;
  readonly open: (url: string) => void;
  readonly createObjectURL: (blob: Blob) => string;
  readonly revokeObjectURL: (url: string) => void;
}

export function browserDownloadEnvironment(): DownloadEnvironment {
  return {
    fetch: (...args) => window.fetch(...args),
    document,
    open: (url) => void window.open(url, '_blank', 'noopener'),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

/**
 * True when `url` is one of the platform's files: on the page's own origin (where the platform
 * serves the app) or on `platformUrl`'s. A stored creation naming any other site is never fetched
 * nor opened from the app.
 */
export function isPlatformFile(
  url: string,
  platformUrl: string | undefined,
  pageUrl: string = document.location.href,
): boolean {
  if (!url || !URL.canParse(url, pageUrl)) return false;
  const target = new URL(url, pageUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  const own = [new URL(pageUrl).origin];
  if (platformUrl && URL.canParse(platformUrl)) own.push(new URL(platformUrl).origin);
  return own.includes(target.origin);
}

/**
 * Saves a media file under `fileName`. The file is fetched as a blob first because a cross-origin
 * <a download> ignores the name (and a server's Content-Disposition would override it); when the
 * fetch fails (no CORS, offline) the URL opens in a new tab so the person can still save it.
 * Only the platform's files (isPlatformFile) are fetched or opened: anything else is 'refused'.
 */
export async function downloadMedia(
  url: string,
  fileName: string,
  env: DownloadEnvironment = browserDownloadEnvironment(),
  platformUrl?: string,
): Promise<'saved' | 'opened' | 'refused'> {
  if (!isPlatformFile(url, platformUrl, env.document.location.href)) return 'refused';
  let blob: Blob;
  try {
    const response = await env.fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch {
    env.open(url);
    return 'opened';
  }
  const href = env.createObjectURL(blob);
  const link = env.document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  env.document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL may go once the browser has it.
  setTimeout(() => env.revokeObjectURL(href), 10_000);
  return 'saved';
}
