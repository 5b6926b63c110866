import { PAGE_PATHS } from './api/paths';

export interface AuthorizationUrlParams {
  /** The authorization page (client option authorizationUrl). */
  authorizationUrl: string;
  /** The project token; trailing '=' is removed as the authorization page expects. */
  projectToken?: string;
  /** Where the page sends the user back with ?accessToken=. */
  redirectUri: string;
  /** No tokens at all: the page's demo variant ('/demo'). */
  demo?: boolean;
}

/** The authorization page address for sign-in by redirect. */
export function authorizationPageUrl({
  authorizationUrl,
  projectToken,
  redirectUri,
  demo,
}: AuthorizationUrlParams): string {
  const url = new URL(`${authorizationUrl.replace(/\/+$/, '')}${demo ? '/demo' : ''}`);
  const token = projectToken?.replace(/=+$/, '');
  if (token) url.searchParams.set('project_token', token);
  url.searchParams.set('redirect_uri', redirectUri);
  return url.toString();
}

export type PricingCredentials =
  { accessToken: string } | { projectToken?: string; userToken?: string };

/** The pricing page (base URL + /subscribe) carrying the credentials it needs. */
export function pricingPageUrl(baseUrl: string, credentials: PricingCredentials): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${PAGE_PATHS.subscribe}`);
  if ('accessToken' in credentials && credentials.accessToken) {
    url.searchParams.set('access_token', credentials.accessToken);
    return url.toString();
  }
  const { projectToken, userToken } = credentials as { projectToken?: string; userToken?: string };
  if (projectToken) url.searchParams.set('project_token', projectToken);
  if (userToken) url.searchParams.set('user_token', userToken);
  return url.toString();
}
