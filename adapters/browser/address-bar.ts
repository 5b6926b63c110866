/** The sign-in return's query parameter (SPEC.md section 2). */
export const ACCESS_TOKEN_PARAM = 'accessToken';

/** The slice of window this module uses. */
export interface AddressBar {
  readonly location: Pick<Location, 'href'>;
  readonly history: Pick<History, 'state' | 'replaceState'>;
}

/**
 * Takes ?accessToken= out of the address. replaceState rewrites the current history entry, so
 * Back and Forward never bring the token back; the path, the other parameters (byte for byte)
 * and the hash stay as they were.
 */
export function takeAccessToken(bar: AddressBar): string | undefined {
  const url = new URL(bar.location.href);
  const query = url.search.slice(1);
  if (!query) return undefined;
  let token: string | undefined;
  let found = false;
  const kept = query.split('&').filter((pair) => {
    const [rawKey = '', rawValue = ''] = splitOnce(pair);
    if (decode(rawKey) !== ACCESS_TOKEN_PARAM) return true;
    found = true;
    token = decode(rawValue) || token;
    return false;
  });
  if (!found) return undefined;
  const search = kept.length > 0 ? `?${kept.join('&')}` : '';
  bar.history.replaceState(bar.history.state, '', `${url.pathname}${search}${url.hash}`);
  return token;
}

function splitOnce(pair: string): [string, string] {
  const at = pair.indexOf('=');
  return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
