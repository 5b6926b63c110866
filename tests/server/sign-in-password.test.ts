import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PROJECT_TOKEN, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ requirePassword: true });
});
afterAll(() => t.close());

const signIn = (email: string, password?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email,
      project_token: PROJECT_TOKEN,
      redirect_uri: `${ORIGIN}/`,
      ...(password === undefined ? {} : { password }),
    }).toString(),
  });
const token = (reply: { headers: Record<string, unknown> }) =>
  new URL(String(reply.headers.location ?? 'http://x/')).searchParams.get('accessToken');

describe('sign-in beyond loopback needs a password', () => {
  it('the page asks for one; an e-mail alone is refused', async () => {
    const page = await t.app.inject(
      `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`,
    );
    expect(page.body).toMatch(/type="password"/);
    const alone = await signIn('victim@example.com');
    expect(alone.statusCode).toBe(400);
    expect(token(alone)).toBeNull();
  });

  it('the first password sets it; afterwards only that password signs in, and the hash is scrypt', async () => {
    expect(token(await signIn('owner@example.com', 'correct horse'))).toBeTruthy();
    const wrong = await signIn('owner@example.com', 'guessed password');
    expect(wrong.statusCode).toBe(401);
    expect(token(wrong)).toBeNull();
    expect(wrong.body).toContain('do not match');
    expect(token(await signIn('owner@example.com', 'correct horse'))).toBeTruthy();
    const project = t.app.platform.accounts.projectByKey(PROJECT_TOKEN)!;
    expect(t.app.platform.accounts.passwordHash(project.id, 'owner@example.com')).toMatch(
      /^scrypt\$/,
    );
  });
});

describe('on loopback (the default) the demo sign-in stays, labelled', () => {
  it('says an e-mail is enough on this computer only', async () => {
    const local = await testApp();
    const page = await local.app.inject(
      `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`,
    );
    expect(page.body).not.toMatch(/type="password"/);
    expect(page.body).toContain('Demo sign-in for this computer');
    await local.close();
  });
});
