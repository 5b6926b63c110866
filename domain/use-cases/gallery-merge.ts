import type { GalleryItem, GalleryItems } from '../model/gallery-item';

const EDITABLE = ['isFavorite', 'videoUrl', 'imageUrl', 'timestamp'] as const;

/**
 * Three-way merge of the gallery for writers on two tabs or devices: the edits that turned `base`
 * into `mine` (added, deleted, changed fields) are applied onto `theirs`, a newer copy someone else
 * wrote meanwhile. Everyone's edits survive; when both changed the same field of the same item,
 * mine wins. Newest first.
 */
export function mergeGalleryEdits(
  base: GalleryItems,
  mine: GalleryItems,
  theirs: GalleryItems,
): GalleryItems {
  const before = new Map(base.map((item) => [item.id, item]));
  const kept = new Set(mine.map((item) => item.id));
  const result = new Map(theirs.map((item) => [item.id, item]));

  for (const item of base) if (!kept.has(item.id)) result.delete(item.id);
  for (const item of mine) {
    const previous = before.get(item.id);
    if (previous === undefined) {
      if (!result.has(item.id)) result.set(item.id, item);
      continue;
    }
    const current = result.get(item.id);
    // Deleted elsewhere: a heart does not bring a creation back.
    if (current === undefined) continue;
    result.set(item.id, withChanges(current, previous, item));
  }
  return [...result.values()].sort((a, b) => b.timestamp - a.timestamp);
}

function withChanges(current: GalleryItem, previous: GalleryItem, next: GalleryItem): GalleryItem {
  let merged = current;
  for (const field of EDITABLE)
    if (next[field] !== previous[field]) merged = { ...merged, [field]: next[field] };
  return merged;
}
