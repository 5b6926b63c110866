import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TOKEN, testApp, userHeaders, type TestApp } from './helpers';

let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await testApp();
  guarded = await testApp({ requirePassword: true });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

const start = (t: TestApp, body: unknown = { projectToken: PROJECT_TOKEN }) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/device', payload: body as object });
const poll = (t: TestApp, deviceCode: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/device/token', payload: { deviceCode } });
const approve = (t: TestApp, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/device',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('device sign-in on the local platform', () => {
  it('starts with codes and an address on this platform, polls pending, and hands over a working token once approved', async () => {
    const started = await start(open);
    expect(started.statusCode).toBe(200);
    const codes = started.json();
    expect(codes).toMatchObject({ expiresIn: 600, interval: 2 });
    expect(new URL(codes.verificationUri).pathname).toBe('/auth/device');
    expect(new URL(codes.verificationUriComplete).searchParams.get('code')).toBe(codes.userCode);
    expect((await poll(open, codes.deviceCode)).json()).toEqual({ status: 'pending' });

    const page = await approve(open, { user_code: codes.userCode, email: 'couch@example.com' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('couch@example.com');
    const answer = (await poll(open, codes.deviceCode)).json();
    expect(answer.status).toBe('approved');
    const usage = await open.app.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(answer.accessToken),
    });
    expect(usage.statusCode).toBe(200);
    expect((await poll(open, codes.deviceCode)).json()).toEqual({ status: 'expired' });
  });

  it('beyond loopback the approval needs the password like any sign-in', async () => {
    const codes = (await start(guarded)).json();
    const noPassword = await approve(guarded, {
      user_code: codes.userCode,
      email: 'p@example.com',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain('password of at least 8 characters');
    expect((await poll(guarded, codes.deviceCode)).json()).toMatchObject({
      status: expect.not.stringMatching('approved'),
    });
    const ok = await approve(guarded, {
      user_code: codes.userCode,
      email: 'p@example.com',
      password: 'long enough secret',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses what a caller gets wrong with a 4xx in the error shape, and an unknown project', async () => {
    expect((await start(open, { projectToken: 'pk_unknown' })).statusCode).toBe(404);
    for (const body of [
      {},
      { deviceCode: '' },
      { deviceCode: 'x'.repeat(300) },
      { deviceCode: 7 },
    ]) {
      const reply = await poll(open, (body as { deviceCode?: unknown }).deviceCode);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await poll(open, 'made-up')).json()).toEqual({ status: 'expired' });
  });

  it('echoes a typed code into the page only escaped, under a strict content security policy', async () => {
    const page = await open.app.inject({
      url: `/auth/device?code=${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const refused = await approve(open, {
      user_code: '<img src=x onerror=alert(1)>',
      email: 'a@b.co',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('<img src=x');
  });
});
