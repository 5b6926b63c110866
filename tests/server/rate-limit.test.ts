import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectErrorShape, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp;
let now = Date.UTC(2025, 9, 31, 20);
beforeEach(async () => {
  now = Date.UTC(2025, 9, 31, 20);
  t = await testApp({ now: () => now });
});
afterEach(() => t.close());

describe('rate limit: 60 requests per 60 s per user (SPEC.md 9)', () => {
  it('answers the 61st request with 429, resetTime, retryAfter and Retry-After, then recovers after the window', async () => {
    const alice = await signIn(t.app, 'alice@example.com');
    const bob = await signIn(t.app, 'bob@example.com');
    const usage = (token: string) =>
      t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });
    for (let i = 0; i < 60; i++) expect((await usage(alice)).statusCode).toBe(200);
    now += 20_000;
    const limited = await usage(alice);
    expect(limited.statusCode).toBe(429);
    const error = expectErrorShape(limited, 'RATE_LIMIT_EXCEEDED');
    expect(error.context).toEqual({
      resetTime: new Date(Date.UTC(2025, 9, 31, 20, 1)).toISOString(),
      retryAfter: 40,
    });
    expect(limited.headers['retry-after']).toBe('40');
    // Another user has a budget of their own.
    expect((await usage(bob)).statusCode).toBe(200);
    now += 40_000;
    expect((await usage(alice)).statusCode).toBe(200);
  });
});
