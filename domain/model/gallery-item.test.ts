import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { GalleryItemSchema, isGalleryItem, type GalleryItem } from './gallery-item';

const item: GalleryItem = {
  id: '1730000000000',
  timestamp: 1730000000000,
  imageUrl: '/files/a.png',
  videoUrl: '',
  isFavorite: false,
};

describe('GalleryItem', () => {
  it('is the type its schema reads: one definition', () => {
    expectTypeOf<GalleryItem>().toEqualTypeOf<Readonly<z.infer<typeof GalleryItemSchema>>>();
    // @ts-expect-error every field of the schema is required of an item that is built
    const missing: GalleryItem = { id: '1', timestamp: 1, imageUrl: '', videoUrl: '' };
    expect(isGalleryItem(missing)).toBe(false);
  });

  it('reads what the schema reads, and nothing else', () => {
    expect(isGalleryItem(item)).toBe(true);
    expect(isGalleryItem({ ...item, v: 1 })).toBe(true);
    expect(isGalleryItem({ ...item, v: 2 })).toBe(false);
    expect(isGalleryItem({ ...item, id: '' })).toBe(false);
    expect(Object.keys(GalleryItemSchema.shape).sort()).toEqual(
      ['id', 'imageUrl', 'isFavorite', 'timestamp', 'v', 'videoUrl'].sort(),
    );
  });
});
