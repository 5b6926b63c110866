import { APP_DEFAULTS } from '../model/app-config';
import { LIMITS } from '../model/constants';
import type { Cancel, ClockPort } from '../ports/clock.port';
import {
  GALLERY_ITEM_VERSION,
  isGalleryItem,
  readableItems,
  sortReadableNewestFirst,
  type GalleryItem,
  type GalleryItems,
  type StoredGallery,
} from '../model/gallery-item';
import { mergeGalleryEdits } from './gallery-merge';
import type { StorageSync, StorageSyncState, SyncStatus } from './storage-sync';
import { Store } from './store';

type SyncState = Pick<StorageSyncState<unknown>, 'status' | 'warning' | 'error'>;

export type GalleryFilter = 'all' | 'favorites';
export type MediaKind = 'image' | 'video';

export interface GallerySnapshot {
  /** Every item, newest first. */
  readonly items: GalleryItems;
  readonly filter: GalleryFilter;
  /** The items the filter lets through, newest first. */
  readonly visible: GalleryItems;
  readonly counts: { readonly all: number; readonly favorites: number };
  /** Stored items this version cannot read: kept as they are, never shown. */
  readonly unreadable: number;
  /** The item waiting for the Delete Creation confirmation. */
  readonly pendingDeleteId?: string;
  /** A deletion that can still be undone (the item is hidden until it is made for good). */
  readonly undoableDeleteId?: string;
  readonly syncStatus: SyncStatus;
  /** Why the platform did not take the gallery's last write (while syncStatus is 'error'). */
  readonly syncError?: string;
  /** For the user: this device could not keep the gallery (browser storage full). */
  readonly storageWarning?: string;
}

/**
 * The personal gallery (SPEC.md section 4 "Gallery"), kept under 'pet-gallery'. Every edit touches
 * only the items this version can read; the others keep their places and their exact content.
 */
export class Gallery extends Store<GallerySnapshot> {
  /** The deletion waiting out its undo time, and how to stop its timer. */
  private undoable: { id: string; cancel: Cancel } | undefined;
  /** When load() last ran (clock time), for refreshOnReturn's throttle. */
  private loadedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly storage: StorageSync<StoredGallery>,
    private readonly appName: string = APP_DEFAULTS.name,
    private readonly clock?: ClockPort,
  ) {
    super(derive(storage.getSnapshot().value, 'all', undefined, storage.getSnapshot()));
    // Two tabs or devices adding, hearting and deleting at once: everyone's edits survive.
    storage.mergeEditsWith(mergeGalleryEdits);
    storage.subscribe(() => this.refresh());
  }

  /** Re-reads the gallery from storage. */
  load(): Promise<void> {
    this.loadedAt = this.clock?.now() ?? 0;
    return this.storage.load();
  }

  /**
   * The person came back to this tab: re-reads the gallery from the platform (other devices'
   * edits), unless it was read in the last LIMITS.focusRefetchMs or a write is on its way.
   */
  refreshOnReturn(): Promise<void> {
    const now = this.clock?.now();
    if (now === undefined || now - this.loadedAt < LIMITS.focusRefetchMs) return Promise.resolve();
    if (this.storage.getSnapshot().status === 'syncing') return Promise.resolve();
    return this.load();
  }

  /** Takes the gallery another tab of this app stored on the device (no platform read). */
  takeDeviceCopy(): void {
    this.storage.takeDeviceCopy();
  }

  /** Puts a new creation at the front. */
  add(item: GalleryItem): Promise<void> {
    return this.storage.set((stored) =>
      sortReadableNewestFirst([{ ...item, v: GALLERY_ITEM_VERSION }, ...stored]),
    );
  }

  /**
   * Adds an item unless one with its picture is there already: a run picked up by its id on the
   * next sign-in may have reached the gallery from another tab meanwhile.
   */
  addUnlessKept(item: GalleryItem): Promise<void> {
    return this.storage.set((stored) =>
      stored.some((kept) => isGalleryItem(kept) && kept.imageUrl === item.imageUrl)
        ? stored
        : sortReadableNewestFirst([{ ...item, v: GALLERY_ITEM_VERSION }, ...stored]),
    );
  }

  /** Gives the video to the item with this id (Retry Video). */
  setVideoUrl(id: string, videoUrl: string): Promise<void> {
    return this.storage.set((stored) =>
      stored.map((item) => (isGalleryItem(item) && item.id === id ? { ...item, videoUrl } : item)),
    );
  }

  toggleFavorite(id: string): Promise<void> {
    return this.storage.set((stored) =>
      stored.map((item) =>
        isGalleryItem(item) && item.id === id ? { ...item, isFavorite: !item.isFavorite } : item,
      ),
    );
  }

  setFilter(filter: GalleryFilter): void {
    this.update(
      derive(
        this.items(),
        filter,
        this.getSnapshot().pendingDeleteId,
        this.sync(),
        this.undoable?.id,
      ),
    );
  }

  /** Asks for confirmation before deleting. */
  requestDelete(id: string): void {
    this.update({ pendingDeleteId: id });
  }

  cancelDelete(): void {
    this.update({ pendingDeleteId: undefined });
  }

  /**
   * Deletes the item waiting for confirmation. With undoForMs (and a clock), the item is hidden at
   * once and deleted for good only when that time is up, unless undoDelete() comes first; a
   * second deletion meanwhile makes the first one final.
   */
  async confirmDelete(options: { undoForMs?: number } = {}): Promise<void> {
    const id = this.getSnapshot().pendingDeleteId;
    this.update({ pendingDeleteId: undefined });
    if (id === undefined) return;
    const { clock } = this;
    if (!options.undoForMs || !clock) return this.delete(id);
    // Hidden at once (the card goes in the same update as the dialog); an earlier deletion
    // still waiting is made final.
    const earlier = this.undoable;
    this.undoable = {
      id,
      cancel: clock.after(options.undoForMs, () => void this.finishUndoable()),
    };
    this.refresh();
    if (earlier) {
      earlier.cancel();
      await this.delete(earlier.id);
    }
  }

  /** Brings back the item whose deletion can still be undone. */
  undoDelete(): void {
    this.undoable?.cancel();
    this.undoable = undefined;
    this.refresh();
  }

  /** Makes a deletion still waiting out its undo time final now (the page is going away). */
  finishDelete(): Promise<void> {
    return this.finishUndoable();
  }

  private async finishUndoable(): Promise<void> {
    const pending = this.undoable;
    if (!pending) return;
    pending.cancel();
    this.undoable = undefined;
    // Hidden until the write has removed it, so it does not flash back.
    await this.delete(pending.id);
    this.refresh();
  }

  delete(id: string): Promise<void> {
    return this.storage.set((stored) =>
      stored.filter((item) => !(isGalleryItem(item) && item.id === id)),
    );
  }

  /** 'pawloween-image-<id>.png' or 'pawloween-video-<id>.mp4'. */
  downloadFileName(item: Pick<GalleryItem, 'id'>, kind: MediaKind): string {
    return downloadFileName(this.appName, kind, item.id);
  }

  private refresh(): void {
    const { filter, pendingDeleteId } = this.getSnapshot();
    this.update(derive(this.items(), filter, pendingDeleteId, this.sync(), this.undoable?.id));
  }

  private items(): StoredGallery {
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
  stored: StoredGallery,
  filter: GalleryFilter,
  pendingDeleteId: string | undefined,
  sync: SyncState,
  undoableDeleteId?: string,
): GallerySnapshot {
  const readable = readableItems(stored);
  const items = sortNewestFirst(readable).filter((item) => item.id !== undoableDeleteId);
  const favorites = items.filter((item) => item.isFavorite);
  return {
    items,
    filter,
    visible: filter === 'favorites' ? favorites : items,
    counts: { all: items.length, favorites: favorites.length },
    unreadable: stored.length - readable.length,
    pendingDeleteId,
    undoableDeleteId,
    syncStatus: sync.status,
    syncError: sync.status === 'error' ? sync.error : undefined,
    storageWarning: sync.warning,
  };
}
