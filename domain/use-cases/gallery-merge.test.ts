import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  GalleryItemSchema,
  readableItems,
  type GalleryItem,
  type StoredGallery,
} from '../model/gallery-item';
import { mergeGalleryEdits } from './gallery-merge';

const item = (id: number, isFavorite = false, videoUrl = ''): GalleryItem => ({
  id: String(id),
  timestamp: id,
  imageUrl: `img-${id}`,
  videoUrl,
  isFavorite,
});
/** Another value of this field, of its schema's type (a new type needs a line here). */
function edited(base: GalleryItem, field: string): unknown {
  const value = base[field as keyof GalleryItem];
  const shape = GalleryItemSchema.shape[field as keyof typeof GalleryItemSchema.shape];
  const type = shape instanceof z.ZodOptional ? shape.unwrap().def.type : shape.def.type;
  if (type === 'string') return `${String(value ?? '')}-edited`;
  if (type === 'number') return Number(value ?? 0) + 1;
  if (type === 'boolean') return !value;
  throw new Error(`Teach this test an edit of a ${type} field (${field}).`);
}
const otherThan = (field: string) => (field === 'isFavorite' ? 'imageUrl' : 'isFavorite');
const ids = (items: StoredGallery) => readableItems(items).map((entry) => entry.id);

describe('mergeGalleryEdits', () => {
  it('keeps creations added on both sides, newest first', () => {
    const base = [item(1)];
    expect(ids(mergeGalleryEdits(base, [item(3), item(1)], [item(2), item(1)]))).toEqual([
      '3',
      '2',
      '1',
    ]);
  });

  it('merges an edit of every field of the item’s schema but its id and version', () => {
    const fields = Object.keys(GalleryItemSchema.shape).filter((f) => f !== 'id' && f !== 'v');
    for (const field of fields) {
      const base = item(1);
      const mine = { ...base, [field]: edited(base, field) };
      // Their copy changed something else meanwhile: both edits survive.
      const theirs = { ...base, [otherThan(field)]: edited(base, otherThan(field)) };
      expect(mergeGalleryEdits([base], [mine], [theirs]), field).toEqual([
        { ...theirs, [field]: mine[field as keyof GalleryItem] },
      ]);
    }
  });

  it('applies my deletion and keeps their deletion', () => {
    const base = [item(3), item(2), item(1)];
    expect(ids(mergeGalleryEdits(base, [item(3), item(1)], [item(3), item(2)]))).toEqual(['3']);
  });

  it('applies my heart onto their copy without undoing their video', () => {
    const base = [item(1)];
    const merged = mergeGalleryEdits(base, [item(1, true)], [item(1, false, 'vid-1')]);
    expect(merged).toEqual([item(1, true, 'vid-1')]);
  });

  it('does not bring back a creation deleted elsewhere when I hearted it', () => {
    expect(mergeGalleryEdits([item(1)], [item(1, true)], [])).toEqual([]);
  });

  it('with nothing edited on my side, their copy stands', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }),
        (mineIds, theirIds) => {
          const mine = mineIds.map((id) => item(id));
          const theirs = theirIds.map((id) => item(id)).sort((a, b) => b.timestamp - a.timestamp);
          expect(mergeGalleryEdits(mine, mine, theirs)).toEqual(theirs);
        },
      ),
    );
  });

  it('loses no addition from either side', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 8 }),
        fc.uniqueArray(fc.integer({ min: 31, max: 60 }), { maxLength: 8 }),
        fc.uniqueArray(fc.integer({ min: 61, max: 90 }), { maxLength: 8 }),
        (baseIds, mineAdded, theirAdded) => {
          const base = baseIds.map((id) => item(id));
          const mine = [...base, ...mineAdded.map((id) => item(id))];
          const theirs = [...base, ...theirAdded.map((id) => item(id))];
          expect(new Set(ids(mergeGalleryEdits(base, mine, theirs)))).toEqual(
            new Set([...baseIds, ...mineAdded, ...theirAdded].map(String)),
          );
        },
      ),
    );
  });
});
