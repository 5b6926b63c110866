/** Origins of the CLI's one-shot listener and local tools. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Where a token may be sent: this server, a loopback http listener (the CLI), or an allowed origin.
 * Returns the URL when allowed, undefined otherwise.
 */
export function allowedRedirect(
  value: string,
  ownOrigin: string,
  allowedOrigins: readonly string[],
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
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return undefined;
}

/** An origin the pricing and checkout pages may post messages to. */
export function allowedMessageOrigin(
  value: string,
  ownOrigin: string,
  allowedOrigins: readonly string[],
) {
  const url = allowedRedirect(value, ownOrigin, allowedOrigins);
  return url?.origin;
}
