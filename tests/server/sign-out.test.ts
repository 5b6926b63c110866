import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  costumeRun,
  expectErrorShape,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

const opened: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const start = async (options: Parameters<typeof testApp>[0] = {}) => {
  const t = await testApp(options);
  opened.push(t);
  return t.app;
};
const signOut = (app: Awaited<ReturnType<typeof start>>, token: string) =>
  app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: userHeaders(token) });

describe('POST /v1/auth/sign-out', () => {
  it('revokes the calling token: 401 everywhere afterwards; the same user’s other tokens still work', async () => {
    const app = await start();
    const token = await signIn(app);
    const otherDevice = await signIn(app);
    const usage = (t: string) =>
      app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(t) });
    expect((await usage(token)).statusCode).toBe(200);

    const out = await signOut(app, token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });

    expectErrorShape(await usage(token), 'AUTHENTICATION_FAILED');
    expect((await app.inject({ url: '/v1/storage', headers: userHeaders(token) })).statusCode).toBe(
      401,
    );
    const run = await app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: userHeaders(token),
      payload: costumeRun(),
    });
    expect(run.statusCode).toBe(401);
    expect((await app.inject(`/subscribe?access_token=${token}`)).statusCode).toBe(401);
    expect((await usage(otherDevice)).statusCode).toBe(200);
    expect((await signOut(app, token)).statusCode).toBe(200);
  });

  it('a revoked token stays revoked after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-signout-'));
    dirs.push(dir);
    const databaseFile = path.join(dir, 'platform.db');
    const first = await start({ databaseFile });
    const token = await signIn(first);
    await signOut(first, token);
    await opened.pop()!.close();
    const again = await start({ databaseFile });
    const usage = await again.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(token),
    });
    expect(usage.statusCode).toBe(401);
  });
});

describe('POST /v1/auth/refresh', () => {
  it('answers a fresh token of the same user; the old one lasts only to its own expiry; a revoked or expired token cannot refresh', async () => {
    let now = Date.UTC(2025, 9, 31, 20);
    const app = await start({ now: () => now });
    const old = await signIn(app);
    const refresh = (token: string) =>
      app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: userHeaders(token) });
    now += 50 * 60_000;
    const answer = await refresh(old);
    expect(answer.statusCode).toBe(200);
    const fresh = answer.json().accessToken as string;
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims(fresh).sub).toBe(claims(old).sub);
    expect(claims(fresh).exp).toBeGreaterThan(claims(old).exp);
    const usage = (token: string) =>
      app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });
    expect((await usage(fresh)).statusCode).toBe(200);
    // Requests still on their way with the old token are not refused...
    expect((await usage(old)).statusCode).toBe(200);
    // ...until it ends, 10 minutes later at most.
    now += 10 * 60_000;
    expect((await usage(old)).statusCode).toBe(401);
    expect((await refresh(old)).statusCode).toBe(401);

    await signOut(app, fresh);
    expect((await refresh(fresh)).statusCode).toBe(401);
  });

  it('sign-out after a renewal ends the token from before it too: it neither works nor renews', async () => {
    let now = Date.UTC(2025, 9, 31, 20);
    const app = await start({ now: () => now });
    const before = await signIn(app);
    now += 51 * 60_000;
    const renewed = (
      await app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: userHeaders(before) })
    ).json().accessToken as string;
    await signOut(app, renewed);
    const usage = await app.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(before),
    });
    expect(usage.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: userHeaders(before),
    });
    expect(again.statusCode).toBe(401);
  });
});
