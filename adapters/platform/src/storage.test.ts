import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import { BASE_URL, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();
const client = () => new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });

/**
 * A platform storing one sessionData with a version. `versioned: false` is a platform that
 * ignores If-Match and sends no ETag. `sneakIn` writes on behalf of another tab before the Nth PUT.
 */
function storagePlatform({
  versioned = true,
  sneakIn = {} as Record<number, Record<string, unknown>>,
} = {}) {
  const state = {
    data: {} as Record<string, unknown>,
    version: 1,
    puts: 0,
    conflicts: 0,
    appVersions: [] as (string | null)[],
  };
  const etag = () => (versioned ? { etag: `"v${state.version}"` } : undefined);
  server.use(
    http.get(url('/v1/storage'), ({ request }) => {
      state.appVersions.push(new URL(request.url).searchParams.get('appVersion'));
      return HttpResponse.json({ sessionData: state.data }, { headers: etag() });
    }),
    http.put(url('/v1/storage'), async ({ request }) => {
      const other = sneakIn[state.puts++];
      if (other) {
        state.data = { ...state.data, ...other };
        state.version++;
      }
      const ifMatch = request.headers.get('if-match');
      if (versioned && ifMatch && ifMatch !== `"v${state.version}"`) {
        state.conflicts++;
        return HttpResponse.json(
          { error: { message: 'stale', code: 'PRECONDITION_FAILED' } },
          { status: 412 },
        );
      }
      state.data = ((await request.json()) as { sessionData: Record<string, unknown> }).sessionData;
      state.version++;
      return HttpResponse.json({ success: true }, { headers: etag() });
    }),
    http.delete(url('/v1/storage'), () => {
      state.data = {};
      return HttpResponse.json({ success: true });
    }),
  );
  return state;
}

describe('storage with appVersion and ETag / If-Match', () => {
  it('get returns sessionData and its ETag; every call carries appVersion', async () => {
    const platform = storagePlatform();
    platform.data = { 'pet-gallery': [] };
    await expect(client().storage.get({ appVersion: '2' })).resolves.toEqual({
      sessionData: { 'pet-gallery': [] },
      etag: '"v1"',
    });
    expect(platform.appVersions).toEqual(['2']);
  });

  it('update changes one key and keeps the others', async () => {
    const platform = storagePlatform();
    platform.data = { 'user-profile': { displayName: 'Ann' } };
    await client().storage.update('pet-gallery', [{ id: '1' }], { appVersion: '2' });
    expect(platform.data).toEqual({
      'user-profile': { displayName: 'Ann' },
      'pet-gallery': [{ id: '1' }],
    });
  });

  it('on 412 re-reads, merges the changed key into the fresh data and writes again', async () => {
    const platform = storagePlatform({
      sneakIn: { 0: { 'user-profile': { displayName: 'From another tab' } } },
    });
    platform.data = { 'pet-gallery': [] };
    const written = await client().storage.update('pet-gallery', [{ id: '7' }]);
    expect(platform.conflicts).toBe(1);
    expect(platform.data).toEqual({
      'pet-gallery': [{ id: '7' }],
      'user-profile': { displayName: 'From another tab' },
    });
    expect(written).toEqual(platform.data);
  });

  it('given an edit, on 412 runs it again on the fresh value of the key, so the other tab’s change survives', async () => {
    const platform = storagePlatform({ sneakIn: { 0: { 'pet-gallery': [{ id: 'other' }] } } });
    platform.data = { 'pet-gallery': [] };
    const seen: unknown[] = [];
    await client().storage.update('pet-gallery', (current) => {
      seen.push(current);
      return [{ id: 'mine' }, ...(current as object[])];
    });
    expect(platform.conflicts).toBe(1);
    expect(seen).toEqual([[], [{ id: 'other' }]]);
    expect(platform.data).toEqual({ 'pet-gallery': [{ id: 'mine' }, { id: 'other' }] });
  });

  it('gives up with the 412 after 5 refused writes in a row', async () => {
    const sneakIn = Object.fromEntries([0, 1, 2, 3, 4].map((n) => [n, { other: n }]));
    const platform = storagePlatform({ sneakIn });
    await expect(client().storage.update('k', () => 1)).rejects.toMatchObject({ statusCode: 412 });
    expect(platform.conflicts).toBe(5);
    expect(platform.data).toEqual({ other: 4 });
  });

  it('undefined removes the key', async () => {
    const platform = storagePlatform();
    platform.data = { a: 1, b: 2 };
    await client().storage.update('a', undefined);
    expect(platform.data).toEqual({ b: 2 });
  });

  it('works with a platform that ignores If-Match and sends no ETag', async () => {
    const platform = storagePlatform({ versioned: false });
    platform.data = { a: 1 };
    await client().storage.update('b', 2);
    expect(platform.data).toEqual({ a: 1, b: 2 });
  });

  it('delete clears everything', async () => {
    const platform = storagePlatform();
    platform.data = { a: 1 };
    await client().storage.delete({ appVersion: '2' });
    expect(platform.data).toEqual({});
  });
});

describe('storage writes carry an Idempotency-Key, as Stripe sends one with every POST', () => {
  it('a PUT and a DELETE each carry one, the same on every retry; a read carries none', async () => {
    const seen: [string, string | null][] = [];
    let failures = 0;
    const answer = (request: Request) => {
      seen.push([request.method, request.headers.get('idempotency-key')]);
      return failures++ % 2 === 0
        ? HttpResponse.json({ error: { message: 'busy' } }, { status: 503 })
        : HttpResponse.json(request.method === 'GET' ? { sessionData: {} } : { success: true }, {
            headers: { etag: '"v1"' },
          });
    };
    server.use(
      http.get(url('/v1/storage'), ({ request }) => answer(request)),
      http.put(url('/v1/storage'), ({ request }) => answer(request)),
      http.delete(url('/v1/storage'), ({ request }) => answer(request)),
    );
    const platform = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', maxRetries: 1 });
    // Each call is answered 503 first: its retry waits out the backoff on fake time.
    vi.useFakeTimers();
    try {
      for (const call of [
        () => platform.storage.get(),
        () => platform.storage.put({ pets: ['Rex'] }),
        () => platform.storage.put({ pets: ['Mia'] }, { idempotencyKey: 'my-own-key' }),
        () => platform.storage.delete(),
      ]) {
        const answered = Promise.resolve(call());
        await vi.runAllTimersAsync();
        await answered;
      }
    } finally {
      vi.useRealTimers();
    }
    const [getFirst, getRetry, put1, put1Retry, put2, put2Retry, del, delRetry] = seen;
    expect([getFirst, getRetry]).toEqual([
      ['GET', null],
      ['GET', null],
    ]);
    expect(put1![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(put1Retry).toEqual(put1);
    expect([put2, put2Retry]).toEqual([
      ['PUT', 'my-own-key'],
      ['PUT', 'my-own-key'],
    ]);
    expect(del![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(delRetry).toEqual(del);
    expect(new Set([put1![1], del![1]]).size).toBe(2);
  });
});
