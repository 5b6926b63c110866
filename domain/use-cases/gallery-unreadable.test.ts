// A stored 'pet-gallery' holding items this version cannot read (another version's shape, a bad
// write): the readable ones are shown, the others are kept exactly as they were, in their places.
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { GALLERY_SHAPE, INITIAL_GALLERY, type StoredGallery } from '../model/gallery-item';
import { Gallery } from './gallery';
import { mergeGalleryEdits } from './gallery-merge';
import { StorageSync } from './storage-sync';
import { Store } from './store';

const good = (id: number, isFavorite = false) => ({
  id: String(id),
  timestamp: id,
  imageUrl: `/files/u/${id}.png`,
  videoUrl: `/files/u/${id}.mp4`,
  isFavorite,
});
// A later version's item, a half-written one, an object-string artifact, a stray string.
const laterVersion = {
  v: 2,
  id: '5',
  created: '2027-01-01',
  media: [{ kind: 'image', url: '/files/u/5.png' }],
};
const halfWritten = { id: '3', imageUrl: '/files/u/3.png' };
const artifact = { ...good(2), videoUrl: '[object Object]' };
const stray = 'not an item';

class FullLocalStorage extends MemoryLocalStorage {
  override setItem(key: string, value: string): boolean {
    if (key.endsWith(':set-aside')) return false;
    super.setItem(key, value);
    return true;
  }
}

class Access extends Store<{ canUseStorage: boolean; user?: { userId: string } }> {
  signOut() {
    this.update({ canUseStorage: false, user: undefined });
  }
}

describe('a gallery with items this version cannot read', () => {
  let local: MemoryLocalStorage;
  let remote: MemoryRemoteStorage;
  let access: Access;
  const gallery = () => {
    const storage = new StorageSync<StoredGallery>(
      'pet-gallery',
      INITIAL_GALLERY,
      GALLERY_SHAPE,
      local,
      remote,
      access,
    );
    return { storage, gallery: new Gallery(storage) };
  };
  const mixed = () => [good(6), laterVersion, good(4), halfWritten, artifact, good(1), stray];
  const ids = (g: Gallery) => g.getSnapshot().items.map((item) => item.id);

  beforeEach(() => {
    local = new MemoryLocalStorage();
    remote = new MemoryRemoteStorage();
    access = new Access({ canUseStorage: true, user: { userId: 'u1' } });
  });

  it('shows the readable items and writes nothing back on load', async () => {
    remote.sessionData.set('pet-gallery', mixed());
    const { gallery: g } = gallery();
    await g.load();
    expect(ids(g)).toEqual(['6', '4', '1']);
    expect(g.getSnapshot().counts.all).toBe(3);
    expect(g.getSnapshot().unreadable).toBe(4);
    expect(remote.calls).toEqual(['get pet-gallery']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(mixed());
  });

  it('keeps the unreadable items verbatim and in their places when it writes back', async () => {
    remote.sessionData.set('pet-gallery', mixed());
    const { gallery: g } = gallery();
    await g.load();
    await g.toggleFavorite('4');
    await g.delete('1');
    await g.add(good(9));
    await g.setVideoUrl('6', '/files/u/6b.mp4');
    const stored = remote.sessionData.get('pet-gallery') as unknown[];
    // The unreadable ones keep their indices (the deleted item's place went to the one after it);
    // the readable ones fill the other places, newest first.
    expect(JSON.stringify(stored)).toBe(
      JSON.stringify([
        { ...good(9), v: 1 },
        laterVersion,
        { ...good(6), videoUrl: '/files/u/6b.mp4' },
        halfWritten,
        artifact,
        stray,
        { ...good(4), isFavorite: true },
      ]),
    );
    expect(local.getItem('pet-gallery')).toBe(JSON.stringify(stored));
    expect(ids(g)).toEqual(['9', '6', '4']);
  });

  it('never deletes an unreadable item that shares an id with the one deleted', async () => {
    const sameId = { id: '4', shape: 'from another version' };
    remote.sessionData.set('pet-gallery', [good(4), sameId]);
    const { gallery: g } = gallery();
    await g.load();
    await g.delete('4');
    expect(remote.sessionData.get('pet-gallery')).toEqual([sameId]);
  });

  it('keeps them on the device too, signed out', () => {
    access.signOut();
    local.setItem('pet-gallery', JSON.stringify(mixed()));
    const { gallery: g } = gallery();
    expect(ids(g)).toEqual(['6', '4', '1']);
    expect(local.getItem('pet-gallery')).toBe(JSON.stringify(mixed()));
  });

  it('merges onto another writer: their unreadable items stand as they wrote them', () => {
    const base = [good(1), laterVersion];
    const mine = [good(2), good(1, true), laterVersion];
    const edited = { ...laterVersion, media: [] };
    const theirs = [good(3), edited, good(1), halfWritten];
    expect(mergeGalleryEdits(base, mine, theirs)).toEqual([
      good(3),
      edited,
      good(2),
      halfWritten,
      good(1, true),
    ]);
  });

  describe('a value that is not an array at all', () => {
    const notAnArray = { 'pet-gallery': { items: [good(1)] } };

    it('on the platform: is set aside on the device, then replaced by the initial value', async () => {
      remote.sessionData.set('pet-gallery', notAnArray);
      const { gallery: g } = gallery();
      await g.load();
      expect(JSON.parse(local.getItem('pet-gallery:set-aside') ?? '[]')).toEqual([
        { from: 'platform', value: JSON.stringify(notAnArray) },
      ]);
      expect(remote.sessionData.get('pet-gallery')).toEqual([]);
      expect(ids(g)).toEqual([]);
    });

    it('on the device: is set aside, then replaced by the initial value', () => {
      access.signOut();
      local.setItem('pet-gallery', '{"items":[');
      gallery();
      expect(JSON.parse(local.getItem('pet-gallery:set-aside') ?? '[]')).toEqual([
        { from: 'device', value: '{"items":[' },
      ]);
      expect(local.getItem('pet-gallery')).toBe('[]');
    });

    it('is left where it is while the device cannot set it aside, even by a new creation', async () => {
      local = new FullLocalStorage();
      remote.sessionData.set('pet-gallery', notAnArray);
      const { gallery: g, storage } = gallery();
      await g.load();
      expect(storage.getSnapshot().status).toBe('error');
      await g.add(good(7));
      expect(remote.sessionData.get('pet-gallery')).toEqual(notAnArray);
    });
  });
});
