// Isolation between users (issue 12): whatever ids, paths, headers or keys user A tries, user B's
// storage, credits and generated files stay B's. The basic "Bob does not see Alice" case and plain
// path traversal live in tests/server; these are the attempts a curious user would actually make.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  costumeRun,
  PROJECT_TOKEN,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from '../server/helpers';

let t: TestApp;
let alice: string;
let bob: string;
let bobId: string;
let bobFiles: string[];
const BOB_DATA = { 'pet-gallery': [{ id: '1', imageUrl: '/files/x/y.png' }], secret: 'bob-only' };

const storage = (token: string, method = 'GET', url = '/v1/storage', extra = {}) =>
  t.app.inject({ method: method as 'GET', url, headers: { ...userHeaders(token), ...extra } });
const usage = async (token: string) =>
  (await t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) })).json()
    .credits.userBalance;
const bobSnapshot = async () => {
  const reply = await storage(bob);
  return { data: reply.json(), etag: reply.headers.etag, credits: await usage(bob) };
};

beforeAll(async () => {
  t = await testApp({ rateLimit: false });
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  bobId = String(decodeJwt(bob).sub);
  await t.app.inject({
    method: 'PUT',
    url: '/v1/storage',
    headers: userHeaders(bob),
    payload: { sessionData: BOB_DATA },
  });
  const run = await t.app.inject({
    method: 'POST',
    url: '/v1/run',
    headers: { ...userHeaders(bob), 'idempotency-key': 'shared-key-1' },
    payload: costumeRun(),
  });
  const output = run.json().output[0];
  bobFiles = [output.image_output.image, output.video_output.video].map(
    (url: string) => new URL(url).pathname,
  );
});
afterAll(() => t.close());

describe("user A cannot reach user B's storage", () => {
  // Every way of naming B that a client could try: the platform only ever uses the token's user.
  const bobQueries = () => [
    `/v1/storage?userId=${bobId}`,
    `/v1/storage?user_id=${bobId}&appVersion=1`,
    `/v1/storage?sub=${bobId}`,
    `/v1/storage?appVersion=${encodeURIComponent(`../${bobId}`)}`,
    `/v1/storage/${bobId}`,
    `/v1/storage/../storage?userId=${bobId}`,
    `/v1//storage?userId=${bobId}`,
    `/v1/storage;userId=${bobId}`,
    `/v1/storage%2F${bobId}`,
  ];
  const bobHeaders = () => [
    { 'x-user-id': bobId },
    { 'x-user-token': bob },
    { authorization: `Bearer ${PROJECT_TOKEN}`, 'x-user-token': bob, 'x-forwarded-user': bobId },
  ];

  it('reads only its own data, whatever id, path or header names B', async () => {
    for (const url of bobQueries())
      for (const extra of [{}, ...bobHeaders()]) {
        const reply = await storage(alice, 'GET', url, extra);
        const label = `${url} ${JSON.stringify(Object.keys(extra))}`;
        expect(reply.statusCode, label).toBeLessThan(500);
        expect(reply.body, label).not.toContain('bob-only');
      }
  });

  it('never overwrites or deletes B, and B can still read everything', async () => {
    const before = await bobSnapshot();
    for (const url of bobQueries())
      for (const extra of [{}, ...bobHeaders(), { 'if-match': String(before.etag) }]) {
        await t.app.inject({
          method: 'PUT',
          url,
          headers: { ...userHeaders(alice), ...extra },
          payload: { sessionData: { secret: 'alice-was-here' }, userId: bobId, user: bobId },
        });
        await storage(alice, 'DELETE', url, extra);
      }
    expect(await bobSnapshot()).toEqual(before);
    expect(before.data.sessionData).toEqual(BOB_DATA);
  });

  it('keeps the same e-mail in another project apart (demo project vs local project)', async () => {
    const demoBob = await signIn(t.app, 'bob@example.com', '');
    expect(decodeJwt(demoBob).sub).not.toBe(bobId);
    // Same e-mail, another project: another user with storage of its own.
    const reply = await storage(demoBob);
    expect(reply.body).not.toContain('bob-only');
    // A token of one project never authenticates against another project's key.
    const mixed = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { authorization: `Bearer ${PROJECT_TOKEN}`, 'x-user-token': demoBob },
    });
    expect(mixed.statusCode).toBe(401);
  });
});

describe("user A cannot spend or read user B's credits", () => {
  it('runs charge the caller only, even with the Idempotency-Key B used', async () => {
    const bobBefore = await usage(bob);
    const aliceBefore = await usage(alice);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/v1/run?userId=${bobId}`,
      headers: { ...userHeaders(alice), 'idempotency-key': 'shared-key-1', 'x-user-id': bobId },
      payload: costumeRun(),
    });
    expect(reply.statusCode).toBe(200);
    const run = reply.json();
    // Not B's remembered answer: a fresh run whose files are not B's.
    expect(run.output[0].image_output.image).not.toContain(bobFiles[0]);
    expect(await usage(bob)).toEqual(bobBefore);
    expect((await usage(alice)).usedCredits).toBeGreaterThan(aliceBefore.usedCredits);
  });

  it("usage and plan answer the caller's own balance whatever id is named", async () => {
    const own = await usage(alice);
    for (const url of [
      `/v1/subscriptions/usage?userId=${bobId}`,
      `/v1/subscriptions/usage/${bobId}`,
      `/v1/subscriptions/plan?userId=${bobId}`,
    ]) {
      const reply = await t.app.inject({
        url,
        headers: { ...userHeaders(alice), 'x-user-id': bobId },
      });
      if (reply.statusCode !== 200) continue;
      if (url.includes('usage')) expect(reply.json().credits.userBalance, url).toEqual(own);
    }
  });
});

describe("user A cannot find user B's generated files", () => {
  it('names files by an unguessable random id that carries nothing of the user', () => {
    // Each file its own 128 random bits: the image's name gives nothing of the video's.
    expect(new Set(bobFiles.map((file) => file.split('/')[3]!.split('.')[0])).size).toBe(
      bobFiles.length,
    );
    for (const file of bobFiles) {
      expect(file).toMatch(
        /^\/files\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/[\w-]{22}\.(png|mp4)$/,
      );
      expect(file).not.toContain(bobId);
      expect(file).not.toContain('bob');
    }
  });

  it('lists no folder and serves nothing outside a run folder, however the path is spelled', async () => {
    const runDir = bobFiles[0]!.split('/')[2]!;
    for (const url of [
      '/files/',
      `/files/${runDir}`,
      `/files/${runDir}/`,
      `/files/${bobId}/`,
      `/files/${runDir}/..%2f..%2fpawloween.db`,
      `/files/${runDir}%2f..%2f..%2fsigning-secret`,
      '/files/..%5csigning-secret',
      '/files/%2e%2e%2f%2e%2e%2fpackage.json',
      '/files/%252e%252e/signing-secret',
      '/files//etc/passwd',
      `/files/${runDir}/.%2e/.%2e/signing-secret`,
      '/files/..;/signing-secret',
    ]) {
      const reply = await t.app.inject({ url, headers: userHeaders(alice) });
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
      expect(reply.body, url).not.toContain('test-secret');
      expect(reply.body, url).not.toMatch(/SQLite format|"dependencies"|root:x:0/);
    }
  });

  it('never reads a server file or another host through run inputs', async () => {
    const before = await usage(alice);
    for (const input of [
      '/files/../signing-secret',
      `/files/${bobFiles[0]!.split('/')[2]}/../../pawloween.db`,
      '/presets/pets/../../../../package.json',
      'file:///etc/passwd',
      'http://127.0.0.1:1/presets/pets/dog1.png',
      'http://169.254.169.254/latest/meta-data/',
      '//evil.example/presets/pets/dog1.png',
    ]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/v1/run',
        headers: userHeaders(alice),
        payload: costumeRun(input),
      });
      expect(reply.statusCode, input).toBe(400);
      expect(reply.json().error.message, input).toContain('upload_your_pets_photo');
    }
    expect(await usage(alice)).toEqual(before);
  });
});
