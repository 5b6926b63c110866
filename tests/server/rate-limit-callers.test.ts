import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anonymousHeaders, testApp, type TestApp } from './helpers';

let t: TestApp;
const now = Date.UTC(2025, 9, 31, 20);
beforeEach(async () => {
  t = await testApp({ now: () => now });
});
afterEach(() => t.close());

const anonymousRun = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/run',
    remoteAddress,
    headers: anonymousHeaders,
    payload: { model: 'text/spooky-namer', input: { prompt: 'a bat' } },
  });

describe('rate limit: anonymous callers (a project key alone) count per address', () => {
  it('one address using up its 60 requests leaves another address of the same project its own 60', async () => {
    for (let i = 0; i < 60; i++) expect((await anonymousRun('127.0.0.1')).statusCode).toBe(200);
    expect((await anonymousRun('127.0.0.1')).statusCode).toBe(429);
    expect((await anonymousRun('127.0.0.2')).statusCode).toBe(200);
  });
});
