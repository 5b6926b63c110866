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

export type Gallery = readonly GalleryItem[];

export const INITIAL_GALLERY: Gallery = [];
