import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readableItems, type GalleryItem, type StoredGallery } from '../model/gallery-item';
import { mergeGalleryEdits } from './gallery-merge';

const item = (id: number, isFavorite = false, videoUrl = ''): GalleryItem => ({
  id: String(id),
  timestamp: id,
  imageUrl: `img-${id}`,
  videoUrl,
  isFavorite,
});
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
