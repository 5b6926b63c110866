// Two devices of one user editing 'pet-gallery' at the same time against the real local platform
// (mock-server/app.ts over a socket): 200 interleaved edits, and afterwards every edit must be there.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { PlatformClient, userFromToken } from '../../adapters/platform/src/index';
import { PlatformRemoteStorage } from '../../adapters/platform-ports';
import { STORAGE_KEYS } from '../../domain/model/constants';
import {
  INITIAL_GALLERY,
  GALLERY_SHAPE,
  type GalleryItem,
  type GalleryItems,
  type StoredGallery,
} from '../../domain/model/gallery-item';
import type { RemoteStoragePort } from '../../domain/ports/storage.port';
import { Gallery } from '../../domain/use-cases/gallery';
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
  const storage = new StorageSync<StoredGallery>(
    STORAGE_KEYS.gallery,
    INITIAL_GALLERY,
    GALLERY_SHAPE,
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
      // A timestamp string, as SPEC.md's ids are (the platform refuses any other).
      const id = String(1_730_000_000_000 + edit);
      const item: GalleryItem = {
        id,
        timestamp: Number(id),
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
  // Each device's StorageSync pushes its edits through PlatformRemoteStorage.update: re-read,
  // three-way merge onto the fresh gallery (mergeGalleryEdits), PUT with If-Match, again on 412.
  it('with the app’s own stack, every one of 200 interleaved edits survives and both devices load it', async () => {
    const token = await signIn(t.app, 'shipped@example.com');
    const remotes = [
      new CountingRemoteStorage(client(token)),
      new CountingRemoteStorage(client(token)),
    ];
    const devices = [device('a', remotes[0]!, token), device('b', remotes[1]!, token)];
    const expected = await interleavedEdits(devices);

    const stored = await storedOnPlatform(token);
    const missing = [...expected.keys()].filter((id) => !stored.has(id));
    expect(missing, `${missing.length} of ${expected.size} creations lost`).toEqual([]);
    expect(stored).toEqual(expected);
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
 * The shipped PlatformRemoteStorage, counting how often the platform refused a stale write (each
 * 412 makes the client run the edit again on the fresh copy, so refusals are what prove the race).
 */
class CountingRemoteStorage extends PlatformRemoteStorage {
  conflicts = 0;

  override async update(key: string, edit: (current: unknown) => unknown): Promise<unknown> {
    let attempts = 0;
    try {
      return await super.update(key, (current) => {
        attempts += 1;
        return edit(current);
      });
    } finally {
      this.conflicts += attempts - 1;
    }
  }
}
