/** The sign-in return's query parameter (SPEC.md section 2). */
export const ACCESS_TOKEN_PARAM = 'accessToken';

/** The slice of window this module uses. */
export interface AddressBar {
  readonly location: Pick<Location, 'href'>;
  readonly history: Pick<History, 'state' | 'replaceState'>;
}

/** The sign-in state nonce the authorization page echoes back (RFC 6749 section 10.12). */
export const STATE_PARAM = 'state';

/** A sign-in return: the token, and the state nonce that came back with it, if any. */
export interface SignInReturn {
  readonly token: string;
  readonly state?: string;
}

/**
 * Takes ?accessToken= (and its state) out of the address. replaceState rewrites the current
 * history entry, so Back and Forward never bring the token back; the path, the other parameters
 * (byte for byte) and the hash stay as they were. The state goes only when a token came with it.
 */
export function takeSignInReturn(bar: AddressBar): SignInReturn | undefined {
  const url = new URL(bar.location.href);
  const query = url.search.slice(1);
  if (!query) return undefined;
  const pairs = query.split('&').map((pair) => {
    const [rawKey = '', rawValue = ''] = splitOnce(pair);
    return { pair, key: decode(rawKey), value: decode(rawValue) };
  });
  const tokens = pairs.filter(({ key }) => key === ACCESS_TOKEN_PARAM);
  if (tokens.length === 0) return undefined;
  const token = tokens.reduce<string | undefined>((last, { value }) => value || last, undefined);
  const state = pairs.find(({ key }) => key === STATE_PARAM)?.value || undefined;
  const kept = pairs
    .filter(({ key }) => key !== ACCESS_TOKEN_PARAM && key !== STATE_PARAM)
    .map(({ pair }) => pair);
  const search = kept.length > 0 ? `?${kept.join('&')}` : '';
  bar.history.replaceState(bar.history.state, '', `${url.pathname}${search}${url.hash}`);
  return token ? { token, state } : undefined;
}

/** As takeSignInReturn, the token alone. */
export function takeAccessToken(bar: AddressBar): string | undefined {
  return takeSignInReturn(bar)?.token;
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
