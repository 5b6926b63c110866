import { z } from 'zod';

/** The shape version of the gallery items this app reads and writes (see StoredGallery). */
export const GALLERY_ITEM_VERSION = 1;

/**
 * One creation in the personal gallery (SPEC.md section 3), as stored. The gallery is newest first.
 * The one definition of the item: its type is what this schema reads, so a field added here is
 * required of every place that builds an item.
 */
export const GalleryItemSchema = z.object({
  /** The shape version it was written in; absent on items written before versions existed (1). */
  v: z.literal(GALLERY_ITEM_VERSION).optional(),
  /** The creation time in ms, as a string. */
  id: z.string().min(1),
  /** Creation time in ms since the epoch. */
  timestamp: z.number(),
  imageUrl: z.string(),
  /** Empty when the video failed. */
  videoUrl: z.string(),
  isFavorite: z.boolean(),
});

export type GalleryItem = Readonly<z.infer<typeof GalleryItemSchema>>;

export type GalleryItems = readonly GalleryItem[];

/**
 * The stored 'pet-gallery' value: an array, as SPEC.md and every reader of the key (older app
 * versions, the CLI) expect, whose items each carry their own shape version `v`. An item this
 * version cannot read (a later version's shape, a bad write) stays in the array as it was, out of
 * sight: it is neither dropped nor changed when the gallery is written back.
 */
export type StoredGallery = readonly unknown[];

export const INITIAL_GALLERY: StoredGallery = [];

// String(object) left in a store by an old bug: '[object Object]', '[object Array]', ...
const OBJECT_STRING = /\[object [A-Za-z]+\]/;

// Items are immutable: each is judged once.
const judged = new WeakMap<object, boolean>();

/** True for a stored item this version can read; anything else is kept as it is, unread. */
export function isGalleryItem(value: unknown): value is GalleryItem {
  if (typeof value !== 'object' || value === null) return false;
  let readable = judged.get(value);
  if (readable === undefined) {
    readable =
      GalleryItemSchema.safeParse(value).success && !OBJECT_STRING.test(JSON.stringify(value));
    judged.set(value, readable);
  }
  return readable;
}

/** True for a stored gallery: any array, whatever its items; anything else is corrupted. */
export function isStoredGallery(value: unknown): value is StoredGallery {
  return Array.isArray(value);
}

/** The items this version can read, in stored order. */
export function readableItems(stored: StoredGallery): GalleryItems {
  return stored.filter(isGalleryItem);
}

/**
 * Puts the readable items in newest-first order in the places readable items hold, so that the
 * items it cannot read stay where they were.
 */
export function sortReadableNewestFirst(stored: StoredGallery): StoredGallery {
  const sorted = [...readableItems(stored)].sort((a, b) => b.timestamp - a.timestamp);
  let next = 0;
  return stored.map((entry) => (isGalleryItem(entry) ? sorted[next++] : entry));
}

/** How StorageSync recognises the stored gallery: an array whose items judge themselves. */
export const GALLERY_SHAPE = { accepts: isStoredGallery, itemsJudgeThemselves: true } as const;
