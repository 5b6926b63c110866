// Two tabs of the app on one device share its storage: what one stores, the other takes from the
// device at once, without a platform read; coming back to a tab re-reads the platform, throttled.
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { FakeClock } from '../../tests/support/fake-clock';
import { LIMITS } from '../model/constants';
import { GALLERY_SHAPE, INITIAL_GALLERY, type StoredGallery } from '../model/gallery-item';
import { Gallery } from './gallery';
import { StorageSync } from './storage-sync';
import { Store } from './store';

const item = (id: number) => ({
  id: String(id),
  timestamp: id,
  imageUrl: `/files/u/${id}.png`,
  videoUrl: '',
  isFavorite: false,
});

/** A remote whose first get() answers only when told to, with what was stored when it was asked. */
class SlowRemote extends MemoryRemoteStorage {
  private waiting: (() => void)[] = [];
  private slow = true;
  override async get(key: string): Promise<unknown> {
    const answer = await super.get(key);
    if (this.slow) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.slow = false;
    return answer;
  }
  answer(): void {
    this.waiting.splice(0).forEach((resolve) => resolve());
  }
}

/** A remote whose writes land only when told to (a slow network under another tab's creation). */
class HeldWrites extends MemoryRemoteStorage {
  private held: (() => void)[] = [];
  override async update(key: string, edit: (current: unknown) => unknown): Promise<unknown> {
    await new Promise<void>((resolve) => this.held.push(resolve));
    return super.update(key, edit);
  }
  land(): void {
    this.held.splice(0).forEach((resolve) => resolve());
  }
}

describe('two tabs on one device', () => {
  let local: MemoryLocalStorage;
  let remote: MemoryRemoteStorage;
  let clock: FakeClock;
  const access = new Store({ canUseStorage: true, user: { userId: 'u1' } });
  const tab = () => {
    const storage = new StorageSync<StoredGallery>(
      'pet-gallery',
      INITIAL_GALLERY,
      GALLERY_SHAPE,
      local,
      remote,
      access,
    );
    return new Gallery(storage, undefined, clock);
  };
  const ids = (gallery: Gallery) => gallery.getSnapshot().items.map((entry) => entry.id);

  beforeEach(() => {
    local = new MemoryLocalStorage();
    remote = new MemoryRemoteStorage();
    clock = new FakeClock();
  });

  it('a creation and a deletion in one tab are taken by the other from the device, no platform read', async () => {
    const one = tab();
    const two = tab();
    await one.add(item(1));
    await one.add(item(2));
    remote.calls = [];
    two.takeDeviceCopy();
    expect(ids(two)).toEqual(['2', '1']);
    await one.delete('1');
    two.takeDeviceCopy();
    expect(ids(two)).toEqual(['2']);
    expect(remote.calls.filter((call) => call.startsWith('get'))).toEqual([]);
  });

  it('a platform read on its way does not undo on the device what another tab stored meanwhile', async () => {
    const slow = new SlowRemote({ 'pet-gallery': [item(1)] });
    remote = slow;
    const two = tab();
    const reading = two.load();
    // Tab one adds a creation while tab two's read (of the older copy) is on its way.
    const one = tab();
    await one.add(item(2));
    slow.answer();
    await reading;
    expect(JSON.parse(local.getItem('pet-gallery') ?? '[]')).toHaveLength(2);
    expect(ids(two)).toEqual(['2', '1']);
  });

  it('coming back to a tab re-reads the platform at most once per focusRefetchMs', async () => {
    const two = tab();
    await two.load();
    remote.calls = [];
    await two.refreshOnReturn();
    expect(remote.calls).toEqual([]);
    remote.sessionData.set('pet-gallery', [item(5)]);
    clock.advance(LIMITS.focusRefetchMs);
    await two.refreshOnReturn();
    await two.refreshOnReturn();
    expect(remote.calls).toEqual(['get pet-gallery']);
    expect(ids(two)).toEqual(['5']);
  });

  it('a tab whose platform read answers while another tab’s creation is on its way keeps that creation', async () => {
    const held = new HeldWrites();
    remote = held;
    const two = tab();
    // Tab one adds a creation while tab two reads: the platform has not got it yet, and answers
    // each of tab two's reads (the first and the one after the device changed) without it.
    const reading = two.load();
    const one = tab();
    const adding = one.add(item(2));
    await reading;
    expect(JSON.parse(local.getItem('pet-gallery') ?? '[]')).toHaveLength(1);
    two.takeDeviceCopy();
    expect(ids(two)).toEqual(['2']);
    held.land();
    await adding;
    expect(ids(one)).toEqual(['2']);
    expect(remote.sessionData.get('pet-gallery')).toHaveLength(1);
  });
});
