import {
  GalleryItemSchema,
  isGalleryItem,
  readableItems,
  sortReadableNewestFirst,
  type GalleryItem,
  type StoredGallery,
} from '../model/gallery-item';

/** What names an item and the shape it was written in: never changed by an edit. */
const FIXED: readonly string[] = ['id', 'v'] satisfies (keyof GalleryItem)[];

/** Every other field of the item's schema is an edit one writer may make: a new field is too. */
const EDITABLE = (Object.keys(GalleryItemSchema.shape) as (keyof GalleryItem)[]).filter(
  (field) => !FIXED.includes(field),
);

/**
 * Three-way merge of the gallery for writers on two tabs or devices: the edits that turned `base`
 * into `mine` (added, deleted, changed fields) are applied onto `theirs`, a newer copy someone else
 * wrote meanwhile. Everyone's edits survive; when both changed the same field of the same item,
 * mine wins. Newest first. Items this version cannot read are never edited here, so theirs stand
 * as they are, in their places (a later version may have changed or removed them).
 */
export function mergeGalleryEdits(
  base: StoredGallery,
  mine: StoredGallery,
  theirs: StoredGallery,
): StoredGallery {
  const before = new Map(readableItems(base).map((item) => [item.id, item]));
  const kept = new Set(readableItems(mine).map((item) => item.id));
  const changed = new Map(readableItems(mine).map((item) => [item.id, item]));
  const present = new Set(readableItems(theirs).map((item) => item.id));

  const result: unknown[] = [];
  for (const entry of theirs) {
    if (!isGalleryItem(entry)) {
      result.push(entry);
      continue;
    }
    // Deleted on my side.
    if (before.has(entry.id) && !kept.has(entry.id)) continue;
    const previous = before.get(entry.id);
    const next = changed.get(entry.id);
    result.push(previous && next ? withChanges(entry, previous, next) : entry);
  }
  for (const item of readableItems(mine))
    // Added on my side; one deleted elsewhere does not come back for a heart.
    if (!before.has(item.id) && !present.has(item.id)) result.push(item);
  return sortReadableNewestFirst(result);
}

function withChanges(current: GalleryItem, previous: GalleryItem, next: GalleryItem): GalleryItem {
  let merged = current;
  for (const field of EDITABLE)
    if (next[field] !== previous[field]) merged = { ...merged, [field]: next[field] };
  return merged;
}
