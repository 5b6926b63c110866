import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
