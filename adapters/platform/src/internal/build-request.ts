import { IDEMPOTENCY_KEY_HEADER } from '../api/run';
import { authHeaders } from './auth-headers';
import { version } from '../../package.json';
import type { ResolvedOptions } from '../config';
import type { RequestOptions } from './request-options';

/** The library's version, from its package.json (the bundler inlines it). */
export const CLIENT_VERSION: string = version;
export const USER_AGENT = `pawloween-platform-client/${CLIENT_VERSION}`;

export function requestUrl(options: ResolvedOptions, request: RequestOptions): string {
  const url = new URL(options.baseUrl + request.path);
  for (const [key, value] of Object.entries({ ...options.defaultQuery, ...request.query }))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The client's User-Agent and content headers, the client's defaultHeaders, auth of the current
 * mode, the idempotency key, then the call's own headers.
 */
export async function requestHeaders(
  options: ResolvedOptions,
  request: RequestOptions,
): Promise<Headers> {
  const headers = new Headers({ accept: 'application/json', 'user-agent': USER_AGENT });
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(options.defaultHeaders)) headers.set(name, value);
  for (const [name, value] of Object.entries(await authHeaders(options, request.bearer)))
    headers.set(name, value);
  if (request.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, request.idempotencyKey);
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined) headers.set(name, value);
  return headers;
}

/** A fresh Idempotency-Key; crypto.randomUUID is missing only outside secure contexts. */
export function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
