// What the tests share: signing a test user in, and arming a fault.
import { inject } from 'vitest';

export const platformUrl = inject('platformUrl');
export const projectToken = inject('projectToken');

/** Signs a test user in through the platform's sign-in form; answers their access token. */
export async function signIn(email) {
  const answer = await fetch(`${platformUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      project_token: projectToken,
      redirect_uri: `${platformUrl}/`,
    }),
  });
  return new URL(answer.headers.get('location')).searchParams.get('accessToken');
}

/** Makes the next matching request fail as the real failure would (README "Faults"). */
export async function armFault(fault) {
  const answer = await fetch(`${platformUrl}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!answer.ok) throw new Error(`fault refused: ${answer.status} ${await answer.text()}`);
}
