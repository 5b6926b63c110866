import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PROJECT_TOKEN, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ requirePassword: true });
});
afterAll(() => t.close());

const signIn = (email: string, password?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    remoteAddress,
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
    const project = t.app.platform.accounts.projects.projectByKey(PROJECT_TOKEN)!;
    expect(t.app.platform.accounts.users.passwordHash(project.id, 'owner@example.com')).toMatch(
      /^scrypt\$/,
    );
  });
});

describe('an account made on loopback, without a password, once the platform leaves loopback', () => {
  const project = () => t.app.platform.accounts.projects.projectByKey(PROJECT_TOKEN)!;
  const loopbackAccount = (email: string) =>
    t.app.platform.accounts.users.signIn(project().id, email);

  it.each(['192.0.2.9', '10.0.0.7', '::ffff:192.0.2.9', 'fd00::9', '::ffff:128.0.0.1'])(
    'cannot be claimed from another machine (%s): no token, no password set',
    async (remoteAddress) => {
      loopbackAccount('old-owner@example.com');
      const claim = await signIn('old-owner@example.com', 'attacker-password', remoteAddress);
      expect(claim.statusCode).toBe(403);
      expect(token(claim)).toBeNull();
      expect(claim.body).toContain('has no password yet');
      expect(
        t.app.platform.accounts.users.passwordHash(project().id, 'old-owner@example.com'),
      ).toBe(undefined);
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])(
    'is claimed by its owner from this computer (%s), and then needs that password everywhere',
    async (remoteAddress) => {
      const email = `owner-${remoteAddress.replace(/\W/g, '')}@example.com`;
      loopbackAccount(email);
      expect(token(await signIn(email, 'owner password', remoteAddress))).toBeTruthy();
      expect(token(await signIn(email, 'owner password', '192.0.2.9'))).toBeTruthy();
      const stranger = await signIn(email, 'attacker-password', '192.0.2.9');
      expect(stranger.statusCode).toBe(401);
      expect(token(await signIn(email, 'attacker-password', '127.0.0.1'))).toBeNull();
    },
  );

  it('a new account from another machine still takes its first password', async () => {
    expect(token(await signIn('newcomer@example.com', 'newcomer pass', '192.0.2.9'))).toBeTruthy();
    expect(token(await signIn('newcomer@example.com', 'other password', '192.0.2.10'))).toBeNull();
  });

  it('two first sign-ins at once: only one password is kept', async () => {
    const [a, b] = await Promise.all([
      signIn('racer@example.com', 'password one', '192.0.2.9'),
      signIn('racer@example.com', 'password two', '192.0.2.10'),
    ]);
    expect([token(a), token(b)].filter(Boolean)).toHaveLength(1);
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
