/**
 * Where a token may be sent: this server, an allowed origin, or a loopback http listener that the
 * CLI registered for this very sign-in (isRegisteredLoopback: port, path and state). Returns the
 * URL when allowed, undefined otherwise.
 */
export function allowedRedirect(
  value: string,
  ownOrigin: string,
  allowedOrigins: readonly string[],
  isRegisteredLoopback: (url: URL) => boolean = () => false,
): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  if (url.origin === ownOrigin || allowedOrigins.includes(url.origin)) return url;
  if (url.protocol === 'http:' && isRegisteredLoopback(url)) return url;
  return undefined;
}

/** Origins of local tools (an app on a dev server) that pricing and checkout may post messages to. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An origin the pricing and checkout pages may post messages to (they carry no token): this
 * server, an allowed origin, or a loopback http page.
 */
export function allowedMessageOrigin(
  value: string,
  ownOrigin: string,
  allowedOrigins: readonly string[],
) {
  const url = allowedRedirect(value, ownOrigin, allowedOrigins, (candidate) =>
    LOOPBACK_HOSTS.has(candidate.hostname),
  );
  return url?.origin;
}
