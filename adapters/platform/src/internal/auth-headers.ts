import { AUTH_HEADERS } from '../api/auth';
import type { ResolvedOptions } from '../config';

/** The three auth modes (an access token, a project key with a user key, demo), from the credentials at hand. */
export type AuthMode = 'access-token' | 'project-user' | 'project' | 'demo';

type Credentials = Pick<ResolvedOptions, 'accessToken' | 'apiKey' | 'userKey' | 'getUserToken'>;

export function authMode(credentials: Credentials): AuthMode {
  if (credentials.accessToken) return 'access-token';
  if (!credentials.apiKey) return 'demo';
  return credentials.userKey || credentials.getUserToken ? 'project-user' : 'project';
}

/** Auth headers for one request; `bearer` replaces them (the demo-project call uses the user key). */
export async function authHeaders(
  credentials: Credentials,
  bearer?: string,
): Promise<Record<string, string>> {
  if (bearer) return { [AUTH_HEADERS.authorization]: `Bearer ${bearer}` };
  if (credentials.accessToken) return { [AUTH_HEADERS.accessToken]: credentials.accessToken };
  const headers: Record<string, string> = {};
  if (credentials.apiKey) headers[AUTH_HEADERS.authorization] = `Bearer ${credentials.apiKey}`;
  const userToken = credentials.userKey ?? (await credentials.getUserToken?.())?.trim();
  if (userToken) headers[AUTH_HEADERS.userToken] = userToken;
  return headers;
}
