import { z } from 'zod';

/** One creation in the personal gallery (SPEC.md section 3). The gallery is newest first. */
export interface GalleryItem {
  /** The creation time in ms, as a string. */
  readonly id: string;
  /** Creation time in ms since the epoch. */
  readonly timestamp: number;
  readonly imageUrl: string;
  /** Empty when the video failed. */
  readonly videoUrl: string;
  readonly isFavorite: boolean;
}

export type GalleryItems = readonly GalleryItem[];

export const INITIAL_GALLERY: GalleryItems = [];

const GalleryItemShape = z.object({
  id: z.string().min(1),
  timestamp: z.number(),
  imageUrl: z.string(),
  videoUrl: z.string(),
  isFavorite: z.boolean(),
});

/** True for a stored gallery (an array of well-formed items); anything else is corrupted. */
export function isGalleryItems(value: unknown): value is GalleryItems {
  return z.array(GalleryItemShape).safeParse(value).success;
}
