import { DEFAULT_PROJECT_TOKEN } from '../../../mock-server/config';

/** Signs in through the real sign-in form of a platform process and answers the access token. */
export async function signInOverHttp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      project_token: DEFAULT_PROJECT_TOKEN,
      redirect_uri: `${baseUrl}/`,
    }),
  });
  const token = new URL(response.headers.get('location') ?? '').searchParams.get('accessToken');
  if (!token) throw new Error(`sign-in answered ${response.status}`);
  return token;
}
