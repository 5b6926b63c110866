import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN, PROJECT_TOKEN, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('headers on every answer', () => {
  it('sends x-request-id, CSP without inline script, nosniff, no-referrer and COOP allowing popups', async () => {
    t = await testApp();
    for (const url of ['/', '/v1/subscriptions/usage', '/nope', '/platform-assets/pages.css']) {
      const reply = await t.app.inject(url);
      expect(reply.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'self'");
    }
  });

  it('keeps the opener link on the pages that post back to the app (sign-in, pricing, checkout)', async () => {
    t = await testApp();
    for (const url of ['/auth', '/auth/demo', '/subscribe', '/checkout?session=x']) {
      const reply = await t.app.inject(url);
      expect(reply.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
      expect(reply.headers['referrer-policy'], url).toBe('no-referrer');
    }
    expect((await t.app.inject('/authx')).headers['cross-origin-opener-policy']).toBe(
      'same-origin-allow-popups',
    );
  });

  it('allows CORS only for allowed origins, including preflight', async () => {
    t = await testApp({ allowedOrigins: ['https://pets.example'] });
    const token = await signIn(t.app);
    const allowed = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { ...userHeaders(token), origin: 'https://pets.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://pets.example');
    expect(String(allowed.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://pets.example",
    );
    const other = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { ...userHeaders(token), origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/run',
      headers: { origin: 'https://pets.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain(
      'x-sub-dev-access-token',
    );
    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/run',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logs', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    return { lines, stream };
  };

  it('write one line per refused or failed request, with its id, path and status, and none for answers that went well', async () => {
    const { lines, stream } = capture();
    t = await testApp({ logger: { level: 'info', stream } });
    const token = await signIn(t.app);
    lines.length = 0;
    const read = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(token),
    });
    expect(read.statusCode).toBe(200);
    expect(lines).toEqual([]);
    const missing = await t.app.inject({ url: '/v1/nope?accessToken=secret' });
    const write = await t.app.inject({
      method: 'PUT',
      url: '/v1/storage',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: { sessionData: { a: 1 } },
    });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v1/storage',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: { sessionData: 'not an object' },
    });
    expect(write.statusCode).toBe(200);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: missing.headers['x-request-id'],
        req: expect.objectContaining({ method: 'GET', path: '/v1/nope' }),
        res: expect.objectContaining({ statusCode: 404 }),
        msg: 'request completed',
      }),
      expect.objectContaining({
        level: 30,
        reqId: refused.headers['x-request-id'],
        req: expect.objectContaining({ method: 'PUT', path: '/v1/storage' }),
        res: expect.objectContaining({ statusCode: 400 }),
      }),
    ]);
  });

  it('name every request at debug level, answers that went well included', async () => {
    const { lines, stream } = capture();
    t = await testApp({ logger: { level: 'debug', stream } });
    const token = await signIn(t.app);
    const read = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(token),
    });
    expect(lines.at(-1)).toMatchObject({
      level: 20,
      reqId: read.headers['x-request-id'],
      req: { path: '/v1/subscriptions/usage' },
    });
  });

  it('never contain a token, from a query string, a header or a redirect', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    });
    t = await testApp({ logger: { level: 'trace', stream } });
    const token = await signIn(t.app);
    await t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });
    await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { authorization: `Bearer ${PROJECT_TOKEN}`, 'x-user-token': token },
    });
    await t.app.inject(`/subscribe?access_token=${token}`);
    await t.app.inject(`/?accessToken=${token}`);
    await t.app.inject({
      url: `/v1/run?token=${token}`,
      method: 'POST',
      payload: '{bad json',
      headers: { 'content-type': 'application/json' },
    });
    expect(logs).toContain('/subscribe');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split('.')[1]);
    expect(logs).not.toContain(PROJECT_TOKEN);
    expect(logs).not.toContain(ORIGIN + '/?accessToken');
  });
});
