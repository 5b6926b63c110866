// Two devices of one user editing 'pet-gallery' at the same time against the real local platform
// (mock-server/app.ts over a socket): 200 interleaved edits, and afterwards every edit must be there.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import {
  PlatformClient,
  PlatformRemoteStorage,
  UnknownError,
  userFromToken,
} from '../../adapters/platform/index';
import { STORAGE_KEYS } from '../../domain/model/constants';
import {
  INITIAL_GALLERY,
  isGalleryItems,
  type GalleryItem,
  type GalleryItems,
} from '../../domain/model/gallery-item';
import type { RemoteStoragePort } from '../../domain/ports/storage.port';
import { Gallery } from '../../domain/use-cases/gallery';
import { mergeGalleryEdits } from '../../domain/use-cases/gallery-merge';
import { StorageSync } from '../../domain/use-cases/storage-sync';
import { Store } from '../../domain/use-cases/store';
import { signIn, testApp, type TestApp } from '../server/helpers';

const EDITS = 200;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  // 200 edits are 400+ requests in seconds: the 60-per-minute budgets would only slow this down.
  t = await testApp({ rateLimit: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** One device: the app's own Gallery over StorageSync, its own localStorage and platform client. */
function device(name: string, remote: RemoteStoragePort, accessToken: string) {
  const user = userFromToken(accessToken);
  const access = new Store({ canUseStorage: true, user });
  const storage = new StorageSync<GalleryItems>(
    STORAGE_KEYS.gallery,
    INITIAL_GALLERY,
    isGalleryItems,
    new MemoryLocalStorage(),
    remote,
    access,
  );
  return { name, gallery: new Gallery(storage), storage, own: [] as string[] };
}

const client = (accessToken: string) =>
  new PlatformClient({ baseUrl, accessToken, queue: { intervalCap: Infinity } });

/**
 * 200 edits alternating between the two devices, each fired while the other device's writes are
 * still in flight: adds, then hearts on the device's own earlier creations. Returns what the
 * gallery must hold afterwards (id -> isFavorite).
 */
async function interleavedEdits(devices: ReturnType<typeof device>[]) {
  const expected = new Map<string, boolean>();
  const pending: Promise<void>[] = [];
  for (let edit = 0; edit < EDITS; edit += 1) {
    const current = devices[edit % devices.length]!;
    const heart = current.own.length >= 3 && edit % 3 === 0;
    if (heart) {
      const id = current.own[(edit * 7) % current.own.length]!;
      expected.set(id, !expected.get(id));
      pending.push(current.gallery.toggleFavorite(id));
    } else {
      const id = `${current.name}-${edit}`;
      const item: GalleryItem = {
        id,
        timestamp: 1_730_000_000_000 + edit,
        imageUrl: `/files/${id}.png`,
        videoUrl: `/files/${id}.mp4`,
        isFavorite: false,
      };
      current.own.push(id);
      expected.set(id, false);
      pending.push(current.gallery.add(item));
    }
    // Let requests of both devices reach the socket between edits, so their writes interleave.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(pending);
  return expected;
}

/** What the platform holds after both devices are done, as id -> isFavorite. */
async function storedOnPlatform(accessToken: string) {
  const { sessionData } = await client(accessToken).storage.get();
  const items = (sessionData[STORAGE_KEYS.gallery] ?? []) as GalleryItems;
  return new Map(items.map((item) => [item.id, item.isFavorite]));
}

describe('two devices editing one gallery at once', () => {
  // KNOWN GAP in adapters/platform (reported): Storage.update(key, value) merges *keys*: on a 412
  // it re-reads and writes the SAME whole value again, and StorageSync hands it the device's whole
  // local array. Another device's edits to the same key are overwritten (last writer wins), so
  // this fails today with most edits missing. `it.fails` keeps the suite green and flips red once
  // the client merges values (e.g. update(key, current => next) inside the If-Match loop).
  it.fails(
    'with the shipped PlatformRemoteStorage, every one of 200 interleaved edits survives',
    async () => {
      const token = await signIn(t.app, 'shipped@example.com');
      const devices = [
        device('a', new PlatformRemoteStorage(client(token)), token),
        device('b', new PlatformRemoteStorage(client(token)), token),
      ];
      const expected = await interleavedEdits(devices);
      const stored = await storedOnPlatform(token);
      const missing = [...expected.keys()].filter((id) => !stored.has(id));
      expect(missing, `${missing.length} of ${expected.size} creations lost`).toEqual([]);
      expect(stored).toEqual(expected);
    },
  );

  it('with a three-way merge inside the If-Match loop, every one of 200 interleaved edits survives and both devices load it', async () => {
    const token = await signIn(t.app, 'merged@example.com');
    const remotes = [
      new MergingRemoteStorage(client(token)),
      new MergingRemoteStorage(client(token)),
    ];
    const devices = [device('a', remotes[0]!, token), device('b', remotes[1]!, token)];
    const expected = await interleavedEdits(devices);

    expect(await storedOnPlatform(token)).toEqual(expected);
    // The writes really raced: the platform refused stale writes and they were merged, not lost.
    expect(remotes[0]!.conflicts + remotes[1]!.conflicts).toBeGreaterThan(0);
    for (const { gallery } of devices) {
      await gallery.load();
      const { items, syncStatus } = gallery.getSnapshot();
      expect(syncStatus).toBe('synced');
      expect(new Map(items.map((item) => [item.id, item.isFavorite]))).toEqual(expected);
    }
  });
});

/**
 * What the client would need (kept here as the executable proposal for adapters/platform): the
 * gallery is written with If-Match, and on a 412 the device's own edits - the difference between
 * what it wrote last and what it writes now - are re-applied onto the fresh copy.
 */
class MergingRemoteStorage implements RemoteStoragePort {
  conflicts = 0;
  private readonly base = new Map<string, unknown>();

  constructor(private readonly client: PlatformClient) {}

  async get(key: string): Promise<unknown> {
    const { sessionData } = await this.client.storage.get();
    this.base.set(key, sessionData[key]);
    return sessionData[key];
  }

  async set(key: string, value: unknown): Promise<void> {
    for (;;) {
      const { sessionData, etag } = await this.client.storage.get();
      const next =
        key === STORAGE_KEYS.gallery
          ? mergeGalleryEdits(
              asGallery(this.base.get(key)),
              value as GalleryItems,
              asGallery(sessionData[key]),
            )
          : value;
      try {
        await this.client.storage.put({ ...sessionData, [key]: next }, { ifMatch: etag });
        this.base.set(key, value);
        return;
      } catch (error) {
        if (!(error instanceof UnknownError) || error.statusCode !== 412) throw error;
        this.conflicts += 1;
      }
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.storage.update(key, undefined);
  }

  async clear(): Promise<void> {
    await this.client.storage.delete();
  }
}

const asGallery = (value: unknown): GalleryItems => (isGalleryItems(value) ? value : []);
