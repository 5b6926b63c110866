import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  anonymousHeaders,
  expectErrorShape,
  headlessHeaders,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

let t: TestApp;
let alice: string;
let bob: string;
beforeEach(async () => {
  t = await testApp();
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
});
afterEach(() => t.close());

const url = '/v1/storage?appVersion=1.0.0';
const get = (token: string) => t.app.inject({ url, headers: userHeaders(token) });
const put = (token: string, sessionData: unknown, ifMatch?: string) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...userHeaders(token), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload: { sessionData },
  });

describe('/v1/storage', () => {
  it('starts empty, keeps the whole sessionData per user, and versions it with an ETag', async () => {
    const empty = await get(alice);
    expect(empty.json()).toEqual({ sessionData: {} });
    const gallery = [
      { id: '1', timestamp: 1, imageUrl: '/files/a/a.png', videoUrl: '', isFavorite: false },
    ];
    const written = await put(alice, { 'pet-gallery': gallery }, String(empty.headers.etag));
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ success: true });
    expect(written.headers.etag).not.toBe(empty.headers.etag);
    const read = await get(alice);
    expect(read.json()).toEqual({ sessionData: { 'pet-gallery': gallery } });
    expect(read.headers.etag).toBe(written.headers.etag);
  });

  it('answers 412 PRECONDITION_FAILED to a write based on a stale ETag, and keeps the newer data', async () => {
    const stale = String((await get(alice)).headers.etag);
    expect(
      (await put(alice, { 'user-profile': { displayName: 'Tab one' } }, stale)).statusCode,
    ).toBe(200);
    const reply = await put(alice, { 'user-profile': { displayName: 'Tab two' } }, stale);
    expect(reply.statusCode).toBe(412);
    expect(expectErrorShape(reply, 'PRECONDITION_FAILED').context?.currentETag).toBe(
      (await get(alice)).headers.etag,
    );
    expect((await get(alice)).json().sessionData['user-profile'].displayName).toBe('Tab one');
    expect((await put(alice, { x: 1 }, 'garbage')).statusCode).toBe(412);
    expect((await put(alice, { x: 1 }, '*')).statusCode).toBe(200);
    expect((await put(alice, { x: 2 })).statusCode).toBe(200);
  });

  it('deletes with DELETE, and an old ETag never matches again', async () => {
    const written = await put(alice, { a: 1 });
    const removed = await t.app.inject({ method: 'DELETE', url, headers: userHeaders(alice) });
    expect(removed.statusCode).toBe(200);
    expect((await get(alice)).json()).toEqual({ sessionData: {} });
    expect((await put(alice, { a: 2 }, String(written.headers.etag))).statusCode).toBe(412);
    const staleDelete = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...userHeaders(alice), 'if-match': String(written.headers.etag) },
    });
    expect(staleDelete.statusCode).toBe(412);
  });

  it("keeps users apart: Bob never sees or overwrites Alice's data", async () => {
    await put(alice, { secret: 'alice' });
    expect((await get(bob)).json()).toEqual({ sessionData: {} });
    await put(bob, { secret: 'bob' });
    expect((await get(alice)).json()).toEqual({ sessionData: { secret: 'alice' } });
  });

  it('is refused in headless mode (403) and anonymous mode (401)', async () => {
    const headless = await t.app.inject({ url, headers: headlessHeaders(alice) });
    expect(headless.statusCode).toBe(403);
    expectErrorShape(headless, 'ACCESS_DENIED');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url,
      headers: anonymousHeaders,
      payload: { sessionData: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    expectErrorShape(anonymous, 'AUTHENTICATION_FAILED');
  });

  it('answers exactly the sessionData written, whatever else or however the body said it', async () => {
    const bodies: [string, unknown][] = [
      [
        '{"sessionData":{"b":1,"1":[true,null],"s":"a}\\\\"}}',
        { b: 1, '1': [true, null], s: 'a}\\' },
      ],
      ['{"sessionData":{"a":1},"extra":"dropped"}', { a: 1 }],
      ['{ "sessionData" : { "a" : "\\u00e9" } }', { a: 'é' }],
      ['{"sessionData":{"a":1},"sessionData":{"last":"wins"}}', { last: 'wins' }],
    ];
    for (const [payload, expected] of bodies) {
      const written = await t.app.inject({
        method: 'PUT',
        url,
        headers: { ...userHeaders(alice), 'content-type': 'application/json' },
        payload,
      });
      expect(written.statusCode, payload).toBe(200);
      const read = await get(alice);
      expect(read.json(), payload).toEqual({ sessionData: expected });
    }
  });

  it('answers 400 to bad bodies and queries, and 413 beyond the 1 MiB body limit', async () => {
    for (const payload of [
      {},
      { sessionData: 'x' },
      { sessionData: [1] },
      [],
      '{"sessionData":',
      '',
    ]) {
      const reply = await t.app.inject({
        method: 'PUT',
        url,
        headers: { ...userHeaders(alice), 'content-type': 'application/json' },
        payload,
      });
      expect(reply.statusCode).toBe(400);
      expectErrorShape(reply, 'VALIDATION_ERROR');
    }
    const longVersion = await t.app.inject({
      url: `/v1/storage?appVersion=${'9'.repeat(100)}`,
      headers: userHeaders(alice),
    });
    expect(longVersion.statusCode).toBe(400);
    const big = await put(alice, { blob: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.statusCode).toBe(413);
    expectErrorShape(big, 'PAYLOAD_TOO_LARGE');
  });
});
