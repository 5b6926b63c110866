// Issue 42: a table of waiting sign-ins full of a flood's entries (1,000 addresses, or every
// 127.0.0.x of this computer) must still let a person start one, by device code and by
// `pawloween login`'s listener, and finish it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_CODE_LIMITS } from '../../mock-server/auth/device-codes';
import { LOOPBACK_REDIRECT_LIMITS } from '../../mock-server/auth/loopback-redirects';
import { PROJECT_TOKEN, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

/** The i-th flooding address: every loopback address of this computer, then 1,000 other machines. */
const flooder = (i: number) => (i < 254 ? `127.0.0.${i + 1}` : `10.9.${i >> 8}.${i & 255}`);
const FLOOD = 1000 + 254;

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: '127.0.0.1',
  });

describe('waiting sign-ins under a flood from many addresses', () => {
  it('a person still gets a device code and signs in with it', async () => {
    const startFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/device',
        payload: { projectToken: PROJECT_TOKEN },
        remoteAddress,
      });
    const poll = (deviceCode: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/device/token', payload: { deviceCode } });
    const elsewhere = (await startFrom('192.0.2.5')).json();
    expect(FLOOD).toBeGreaterThan(DEVICE_CODE_LIMITS.maxPending);
    for (let i = 0; i < FLOOD; i++) {
      expect((await startFrom(flooder(i))).statusCode).toBe(200);
      // Every loopback address is one client: this computer's flood takes only its own share.
      if (i === 253)
        expect((await poll(elsewhere.deviceCode)).json()).toEqual({ status: 'pending' });
    }

    const started = await startFrom('127.0.0.1');
    expect(started.statusCode).toBe(200);
    const { deviceCode, userCode } = started.json();
    const approved = await form('/auth/device', {
      user_code: userCode,
      email: 'flood@example.com',
    });
    expect(approved.statusCode).toBe(200);
    expect((await poll(deviceCode)).json()).toMatchObject({
      status: 'approved',
      accessToken: expect.any(String),
    });
  });

  it("a person's pawloween login still registers its listener and gets its token", async () => {
    const STATE = 'state=0123456789abcdef0123';
    const registerFrom = (remoteAddress: string, port: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/loopback-redirect',
        payload: { redirectUri: `http://127.0.0.1:${port}/callback?${STATE}` },
        remoteAddress,
      });
    expect(FLOOD).toBeGreaterThan(LOOPBACK_REDIRECT_LIMITS.maxPending);
    for (let i = 0; i < FLOOD; i++)
      expect((await registerFrom(flooder(i), 10_000 + i)).statusCode).toBe(200);

    const listener = `http://127.0.0.1:9999/callback?${STATE}`;
    const registered = await registerFrom('127.0.0.1', 9999);
    expect(registered.statusCode).toBe(200);
    const page = await t.app.inject(
      `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(listener)}`,
    );
    expect(page.statusCode).toBe(200);
    const signedIn = await form('/auth/sign-in', {
      email: 'flood@example.com',
      project_token: PROJECT_TOKEN,
      redirect_uri: listener,
      listener_code: registered.json().code,
    });
    expect(signedIn.statusCode).toBe(303);
    const location = new URL(String(signedIn.headers.location));
    expect(location.origin).toBe('http://127.0.0.1:9999');
    expect(location.searchParams.get('accessToken')).toMatch(/^eyJ/);
  });
});
