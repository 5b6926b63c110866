import { describe, expect, it } from 'vitest';
import { anonymousHeaders, appPerTest, expectErrorShape, headlessHeaders } from './helpers';

const start = appPerTest();

describe('each route says which callers it serves (SPEC.md 6 modes)', () => {
  it('storage refuses a project key alone as unauthenticated, and a headless caller as not allowed', async () => {
    const { app, token } = await start();
    const anonymous = await app.inject({ url: '/v1/storage', headers: anonymousHeaders });
    expect(anonymous.statusCode).toBe(401);
    expect(expectErrorShape(anonymous, 'AUTHENTICATION_FAILED').message).toBe(
      'This call needs a signed-in user.',
    );
    const headless = await app.inject({ url: '/v1/storage', headers: headlessHeaders(token) });
    expect(headless.statusCode).toBe(403);
    expect(expectErrorShape(headless, 'ACCESS_DENIED').message).toBe(
      'This call is not allowed for a project key with a user token.',
    );
  });
});
