import { APP_DEFAULTS } from '../model/app-config';
import type { GalleryItem, GalleryItems } from '../model/gallery-item';
import { mergeGalleryEdits } from './gallery-merge';
import type { StorageSync, StorageSyncState, SyncStatus } from './storage-sync';
import { Store } from './store';

type SyncState = Pick<StorageSyncState<unknown>, 'status' | 'warning'>;

export type GalleryFilter = 'all' | 'favorites';
export type MediaKind = 'image' | 'video';

export interface GallerySnapshot {
  /** Every item, newest first. */
  readonly items: GalleryItems;
  readonly filter: GalleryFilter;
  /** The items the filter lets through, newest first. */
  readonly visible: GalleryItems;
  readonly counts: { readonly all: number; readonly favorites: number };
  /** The item waiting for the Delete Creation confirmation. */
  readonly pendingDeleteId?: string;
  readonly syncStatus: SyncStatus;
  /** For the user: this device could not keep the gallery (browser storage full). */
  readonly storageWarning?: string;
}

/** The personal gallery (SPEC.md section 4 "Gallery"), kept under 'pet-gallery'. */
export class Gallery extends Store<GallerySnapshot> {
  constructor(
    private readonly storage: StorageSync<GalleryItems>,
    private readonly appName: string = APP_DEFAULTS.name,
  ) {
    super(derive(storage.getSnapshot().value, 'all', undefined, storage.getSnapshot()));
    // Two tabs or devices adding, hearting and deleting at once: everyone's edits survive.
    storage.mergeEditsWith(mergeGalleryEdits);
    storage.subscribe(() => this.refresh());
  }

  /** Re-reads the gallery from storage. */
  load(): Promise<void> {
    return this.storage.load();
  }

  /** Puts a new creation at the front. */
  add(item: GalleryItem): Promise<void> {
    return this.storage.set((items) => sortNewestFirst([item, ...items]));
  }

  /** Gives the video to the item made from this image (Retry Video). */
  setVideoUrl(imageUrl: string, videoUrl: string): Promise<void> {
    return this.storage.set((items) =>
      items.map((item) => (item.imageUrl === imageUrl ? { ...item, videoUrl } : item)),
    );
  }

  toggleFavorite(id: string): Promise<void> {
    return this.storage.set((items) =>
      items.map((item) => (item.id === id ? { ...item, isFavorite: !item.isFavorite } : item)),
    );
  }

  setFilter(filter: GalleryFilter): void {
    this.update(derive(this.items(), filter, this.getSnapshot().pendingDeleteId, this.sync()));
  }

  /** Asks for confirmation before deleting. */
  requestDelete(id: string): void {
    this.update({ pendingDeleteId: id });
  }

  cancelDelete(): void {
    this.update({ pendingDeleteId: undefined });
  }

  /** Deletes the item waiting for confirmation. */
  async confirmDelete(): Promise<void> {
    const id = this.getSnapshot().pendingDeleteId;
    this.update({ pendingDeleteId: undefined });
    if (id !== undefined) await this.delete(id);
  }

  delete(id: string): Promise<void> {
    return this.storage.set((items) => items.filter((item) => item.id !== id));
  }

  /** 'pawloween-image-<id>.png' or 'pawloween-video-<id>.mp4'. */
  downloadFileName(item: Pick<GalleryItem, 'id'>, kind: MediaKind): string {
    return downloadFileName(this.appName, kind, item.id);
  }

  private refresh(): void {
    const { filter, pendingDeleteId } = this.getSnapshot();
    this.update(derive(this.items(), filter, pendingDeleteId, this.sync()));
  }

  private items(): GalleryItems {
    return this.storage.getSnapshot().value;
  }

  private sync(): SyncState {
    return this.storage.getSnapshot();
  }
}

/** Download names are built from the app name, the kind and the item id (SPEC.md section 2). */
export function downloadFileName(appName: string, kind: MediaKind, id: string): string {
  const slug = appName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'download'}-${kind}-${id}.${kind === 'image' ? 'png' : 'mp4'}`;
}

function sortNewestFirst(items: readonly GalleryItem[]): GalleryItems {
  return [...items].sort((a, b) => b.timestamp - a.timestamp);
}

function derive(
  stored: GalleryItems,
  filter: GalleryFilter,
  pendingDeleteId: string | undefined,
  sync: SyncState,
): GallerySnapshot {
  const items = sortNewestFirst(stored);
  const favorites = items.filter((item) => item.isFavorite);
  return {
    items,
    filter,
    visible: filter === 'favorites' ? favorites : items,
    counts: { all: items.length, favorites: favorites.length },
    pendingDeleteId,
    syncStatus: sync.status,
    storageWarning: sync.warning,
  };
}
