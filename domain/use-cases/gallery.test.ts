import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import {
  GALLERY_SHAPE,
  type GalleryItem,
  type GalleryItems,
  type StoredGallery,
} from '../model/gallery-item';
import { Gallery, downloadFileName } from './gallery';
import { StorageSync } from './storage-sync';
import { Store } from './store';
import { FakeClock } from '../../tests/support/fake-clock';

const item = (id: number, isFavorite = false): GalleryItem => ({
  id: String(id),
  timestamp: id,
  imageUrl: `img-${id}`,
  videoUrl: `vid-${id}`,
  isFavorite,
});

describe('Gallery', () => {
  let local: MemoryLocalStorage;
  let gallery: Gallery;
  let clock: FakeClock;
  const stored = () => JSON.parse(local.getItem('pet-gallery') ?? 'null') as GalleryItems;

  beforeEach(() => {
    local = new MemoryLocalStorage({
      'pet-gallery': JSON.stringify([item(1), item(3, true), item(2)]),
    });
    const access = new Store({ canUseStorage: false });
    const storage = new StorageSync<StoredGallery>(
      'pet-gallery',
      [],
      GALLERY_SHAPE,
      local,
      new MemoryRemoteStorage(),
      access,
    );
    clock = new FakeClock();
    gallery = new Gallery(storage, undefined, clock);
  });

  describe('a deletion that can be undone for a few seconds', () => {
    const ids = () => gallery.getSnapshot().items.map((entry) => entry.id);

    it('hides the item at once and deletes it for good when the time is up', async () => {
      gallery.requestDelete('2');
      await gallery.confirmDelete({ undoForMs: 5000 });
      expect(ids()).toEqual(['3', '1']);
      expect(gallery.getSnapshot().undoableDeleteId).toBe('2');
      expect(stored().map((entry) => entry.id)).toContain('2');
      await clock.advanceAsync(5000);
      expect(stored().map((entry) => entry.id)).not.toContain('2');
      expect(ids()).toEqual(['3', '1']);
      expect(gallery.getSnapshot().undoableDeleteId).toBeUndefined();
    });

    it('Undo brings it back and nothing is deleted', async () => {
      gallery.requestDelete('2');
      await gallery.confirmDelete({ undoForMs: 5000 });
      gallery.undoDelete();
      expect(ids()).toEqual(['3', '2', '1']);
      await clock.advanceAsync(10_000);
      expect(stored().map((entry) => entry.id)).toContain('2');
    });

    it('a second deletion makes the first final, and only the second can be undone', async () => {
      gallery.requestDelete('2');
      await gallery.confirmDelete({ undoForMs: 5000 });
      gallery.requestDelete('3');
      await gallery.confirmDelete({ undoForMs: 5000 });
      expect(stored().map((entry) => entry.id)).not.toContain('2');
      gallery.undoDelete();
      expect(ids()).toEqual(['3', '1']);
    });

    it('without an undo time (the CLI) the item is deleted at once', async () => {
      gallery.requestDelete('2');
      await gallery.confirmDelete();
      expect(stored().map((entry) => entry.id)).not.toContain('2');
    });
  });

  it('passes on the storage warning when the device refuses to keep the gallery', async () => {
    local.setItem = () => false;
    await gallery.add(item(9));
    expect(gallery.getSnapshot().storageWarning).toMatch(/^Your browser storage is full/);
    expect(gallery.getSnapshot().items[0]?.id).toBe('9');
  });

  it('lists items newest first', () => {
    expect(gallery.getSnapshot().items.map((i) => i.id)).toEqual(['3', '2', '1']);
  });

  it('adds a new creation at the front', async () => {
    await gallery.add(item(9));
    expect(gallery.getSnapshot().items[0]?.id).toBe('9');
    expect(stored()).toHaveLength(4);
  });

  it('counts All and Favorites, and filters favorites', () => {
    expect(gallery.getSnapshot().counts).toEqual({ all: 3, favorites: 1 });
    gallery.setFilter('favorites');
    expect(gallery.getSnapshot().visible.map((i) => i.id)).toEqual(['3']);
    gallery.setFilter('all');
    expect(gallery.getSnapshot().visible).toHaveLength(3);
  });

  it('flips isFavorite and keeps the counts right', async () => {
    await gallery.toggleFavorite('1');
    expect(gallery.getSnapshot().counts.favorites).toBe(2);
    await gallery.toggleFavorite('3');
    expect(gallery.getSnapshot().items.find((i) => i.id === '3')?.isFavorite).toBe(false);
    expect(stored().find((i) => i.id === '3')?.isFavorite).toBe(false);
  });

  it('deletes only after confirmation', async () => {
    gallery.requestDelete('2');
    expect(gallery.getSnapshot().pendingDeleteId).toBe('2');
    expect(gallery.getSnapshot().counts.all).toBe(3);
    await gallery.confirmDelete();
    expect(gallery.getSnapshot().items.map((i) => i.id)).toEqual(['3', '1']);
    expect(gallery.getSnapshot().pendingDeleteId).toBeUndefined();
  });

  it('keeps the item when deletion is cancelled', async () => {
    gallery.requestDelete('2');
    gallery.cancelDelete();
    await gallery.confirmDelete();
    expect(gallery.getSnapshot().counts.all).toBe(3);
  });

  it('sets the video on the item with the id, whatever its image', async () => {
    await gallery.setVideoUrl('2', 'new-video');
    const items = gallery.getSnapshot().items;
    expect(items.find((i) => i.id === '2')?.videoUrl).toBe('new-video');
    expect(items.find((i) => i.id === '1')?.videoUrl).toBe('vid-1');
  });

  it('names downloads after the app, the kind and the id', () => {
    expect(gallery.downloadFileName({ id: '1730376000000' }, 'image')).toBe(
      'pawloween-image-1730376000000.png',
    );
    expect(gallery.downloadFileName({ id: '17' }, 'video')).toBe('pawloween-video-17.mp4');
    expect(downloadFileName('Spooky Pets!', 'image', '5')).toBe('spooky-pets-image-5.png');
  });
});
