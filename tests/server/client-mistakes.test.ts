import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../mock-server/http/json-body';
import { expectErrorShape, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp();
  token = await signIn(t.app);
});
afterAll(() => t.close());

describe('client mistakes are 4xx in the error shape, never a 500', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'GET /platform-assets/fonts/%s is a 404',
    async (name) => {
      const reply = await t.app.inject(`/platform-assets/fonts/${name}`);
      expect(reply.statusCode).toBe(404);
      expectErrorShape(reply, 'NOT_FOUND');
    },
  );

  it.each([
    ['arrays', (n: number) => `${'['.repeat(n)}"\\u0041"${']'.repeat(n)}`],
    ['objects', (n: number) => `${'{"a":'.repeat(n)}"\\u0041"${'}'.repeat(n)}`],
  ])('a storage body of %s nested 10,000 deep with a \\u escape is a 400', async (_, nest) => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/v1/storage',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: `{"sessionData":{"x":${nest(10_000)}}}`,
    });
    expect(reply.statusCode).toBe(400);
    expect(expectErrorShape(reply, 'VALIDATION_ERROR').message).toContain(
      `${MAX_JSON_DEPTH} levels`,
    );
  });

  it('the same depth check guards every JSON route (a run request)', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: `{"model":"text/spooky-namer","input":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });
    expect(reply.statusCode).toBe(400);
  });
});

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only, past escaped quotes', () => {
    expect(nestsDeeperThan('[[["a"]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[["a"]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[[", "\\"[[[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
  });
});
