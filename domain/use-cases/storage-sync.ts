import { errorMessage, isUnauthorized } from '../errors';
import type { Cancel, ClockPort } from '../ports/clock.port';
import type { LocalStoragePort, RemoteStoragePort } from '../ports/storage.port';
import type { AuthState } from './session';
import { LocalCopy, type ItemsShape, type PendingEdits, type Validate } from './storage-sync-local';
import { keepMineIfChanged, type Merge } from './storage-sync-merge';
import { Store } from './store';

export type { ItemsShape, Validate } from './storage-sync-local';
export type { Merge } from './storage-sync-merge';

/** SPEC.md section 4 "Storage sync". */
export type SyncStatus = 'local' | 'syncing' | 'synced' | 'error';

export interface StorageSyncState<T> {
  readonly value: T;
  readonly status: SyncStatus;
  /** The last remote failure, for logs; never shown as a blocker. */
  readonly error?: string;
  /** For the user: this device refused to keep the value (storage full or blocked). */
  readonly warning?: string;
}

export const LOCAL_STORAGE_FULL =
  'Your browser storage is full: changes are saved to your account only.';
export const LOCAL_STORAGE_FULL_OFFLINE =
  'Your browser storage is full: changes are kept only until this page is closed.';

/**
 * Milliseconds before the platform is sent edits again after failing to take them (a full quota,
 * an outage): SPEC.md's data-cache backoff, min(1000 x 2^n, 30000), for as long as they wait.
 */
export function pushRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Tells whether remote storage may be used (SPEC.md section 6: access-token mode only). */
export interface StorageAccess {
  getSnapshot(): Pick<AuthState, 'canUseStorage' | 'user'>;
  subscribe(listener: () => void): () => void;
}

/**
 * One storage key kept on the device and, when signed in with an access token, on the platform.
 * Writes go local first, then remote; reads take the remote value; remote failures other than
 * 401 leave the local value in use. A remote write carries this device's edits, not its whole
 * value: they are merged onto the platform's freshest copy, so other tabs and devices lose nothing.
 */
export class StorageSync<T> extends Store<StorageSyncState<T>> {
  private version = 0;
  private writes: Promise<void> = Promise.resolve();
  private loading: Promise<void> = Promise.resolve();
  private lastAccess: string;
  private merge: Merge<T> = keepMineIfChanged;
  private readonly copy: LocalCopy<T>;
  /** Edits not yet on the platform; kept beside the local copy so they outlive a reload. */
  private pending: PendingEdits<T> | undefined;
  /** After a 401 only the initial value is on show: it must never be pushed as the user's. */
  private unauthorized = false;
  /** The next push of edits the platform refused, and how many pushes in a row have failed. */
  private retry: { cancel: Cancel | undefined; failures: number } = {
    cancel: undefined,
    failures: 0,
  };

  constructor(
    readonly key: string,
    private readonly initialValue: T,
    shape: Validate<T> | ItemsShape<T>,
    local: LocalStoragePort,
    private readonly remote: RemoteStoragePort,
    private readonly access: StorageAccess,
    /** Without one, edits the platform refused wait for the next edit or load to be sent again. */
    private readonly clock?: ClockPort,
  ) {
    super({ value: initialValue, status: 'local' });
    this.copy = new LocalCopy(key, initialValue, shape, local, () => this.showRefusal());
    this.update({ value: this.copy.read() });
    this.pending = this.copy.readPending();
    this.lastAccess = this.accessKey();
    // Signing in, out, or as someone else changes which copy is the truth.
    access.subscribe(() => {
      const now = this.accessKey();
      if (now === this.lastAccess) return;
      this.lastAccess = now;
      void this.load();
    });
  }

  /** How this key's concurrent edits compose; by default a changed value replaces theirs. */
  mergeEditsWith(merge: Merge<T>): void {
    this.merge = merge;
  }

  /**
   * Reads the local copy, then the remote one, which wins; an absent remote value removes local.
   * Edits the platform may never have received (a reload during a write) are pushed first, merged
   * onto the remote value, instead.
   */
  load(): Promise<void> {
    this.loading = this.read();
    return this.loading;
  }

  /**
   * Resolves once no write is on its way, landed or failed (a driver about to exit waits for it).
   * A read on its way is left: nothing is lost with it, the next start reads again, and waiting for
   * it once doubled how long the CLI took to give up on a silent platform.
   */
  async written(): Promise<void> {
    for (;;) {
      const writes = this.writes;
      await writes.catch(() => undefined);
      if (writes === this.writes) return;
    }
  }

  /** Resolves once no load or write is on its way. */
  async idle(): Promise<void> {
    for (;;) {
      const [loading, writes] = [this.loading, this.writes];
      await Promise.allSettled([loading, writes]);
      if (loading === this.loading && writes === this.writes) return;
    }
  }

  private async read(again = false): Promise<void> {
    const started = ++this.version;
    this.unauthorized = false;
    const value = this.copy.valueRefused ? this.getSnapshot().value : this.copy.read();
    this.update({ value, status: 'local', error: undefined });
    this.showRefusal();
    if (!this.remoteEnabled()) return;
    // Another account's unsent edits must never reach this one.
    if (this.pending !== undefined && this.pending.owner !== this.owner())
      this.setPending(undefined);
    if (this.pending !== undefined) return this.push();
    this.update({ status: 'syncing' });
    const device = this.copy.raw();
    try {
      const remote = await this.remote.get(this.key);
      if (started !== this.version) return;
      // Another tab stored a value while this read was on its way: the platform's answer may
      // predate that tab's edit, and writing it here would undo it on the device. Read once more.
      if (this.copy.raw() !== device && !again) return await this.read(true);
      // Another tab's edits are on their way to the platform (it marked them on the device): the
      // answer predates them. Keep the device's copy; that tab stores the platform's result there.
      if (this.pending === undefined && this.copy.readPending()?.owner === this.owner()) {
        this.update({ value: this.copy.read(), status: 'synced' });
        return;
      }
      if (remote === undefined) {
        this.copy.remove();
        this.update({ value: this.initialValue, status: 'synced' });
        return;
      }
      const readable = this.copy.accept(remote) !== undefined;
      const value = this.fromRemote(remote);
      this.copy.write(value);
      this.update({ value, status: 'synced' });
      // A corrupted remote value, once set aside on this device, is repaired there too.
      if (!readable) await this.sync((store) => store.set(this.key, value));
    } catch (error) {
      if (started !== this.version) return;
      this.fail(error);
    }
  }

  /**
   * Takes the device's copy again after another tab of this app stored it (no platform read),
   * unless this tab's own edits are still on their way: their merged result comes back with them.
   */
  takeDeviceCopy(): void {
    if (this.pending !== undefined || this.copy.valueRefused || this.unauthorized) return;
    const value = this.copy.read();
    // A read still on its way would bring back an older copy.
    this.version += 1;
    if (JSON.stringify(value) !== JSON.stringify(this.getSnapshot().value)) this.update({ value });
  }

  /** Stores a value (or derives it from the current one): local first, then remote. */
  set(next: T | ((current: T) => T)): Promise<void> {
    const current = this.getSnapshot().value;
    const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
    this.version += 1;
    if (this.remoteEnabled() && this.pending === undefined)
      this.setPending({ owner: this.owner(), base: current });
    this.copy.write(value);
    this.update({ value });
    return this.push();
  }

  /** Forgets the key: local first, then remote. */
  remove(): Promise<void> {
    this.version += 1;
    this.setPending(undefined);
    this.copy.remove();
    this.update({ value: this.initialValue });
    return this.sync((remote) => remote.remove(this.key));
  }

  /**
   * Merges the pending edits onto the platform's freshest value (again after every conflict) and
   * takes the result, which holds the other writers' edits too.
   */
  private push(): Promise<void> {
    this.retry.cancel?.();
    this.retry.cancel = undefined;
    return this.sync(async () => {
      const pending = this.pending;
      // Already carried by an earlier push, or made for someone no longer signed in.
      if (pending === undefined || pending.owner !== this.owner() || this.unauthorized) return;
      const pushed = this.version;
      const mine = this.getSnapshot().value;
      const theirs = (value: unknown) =>
        value === undefined ? this.initialValue : this.fromRemote(value);
      const stored = theirs(
        await this.remoteUpdate((current) => this.merge(pending.base, mine, theirs(current))),
      );
      if (pushed === this.version) {
        this.setPending(undefined);
        this.adopt(stored);
        return;
      }
      // Edits made while this push was on its way stay pending, now on top of what was stored.
      this.setPending({ owner: pending.owner, base: stored });
      this.adopt(this.merge(mine, this.getSnapshot().value, stored));
    }).then(() => this.retryUnsentEdits());
  }

  /**
   * Edits the platform failed to take (other than for a 401) are never dropped: they stay on the
   * device and are sent again, after 1, 2, 4 ... 30 s, until they land or the user changes.
   */
  private retryUnsentEdits(): void {
    const unsent =
      this.pending !== undefined && !this.unauthorized && this.getSnapshot().status === 'error';
    if (!unsent) {
      if (this.pending === undefined) this.retry.failures = 0;
      return;
    }
    if (!this.clock || this.retry.cancel) return;
    const delay = pushRetryDelay(this.retry.failures++);
    this.retry.cancel = this.clock.after(delay, () => {
      this.retry.cancel = undefined;
      if (this.remoteEnabled()) void this.push();
    });
  }

  /**
   * The platform's value when it is one of ours. Anything else is replaced by the initial value
   * (SPEC.md), but only once this device has set it aside: a value it failed to read is never
   * written over unkept.
   */
  private fromRemote(remote: unknown): T {
    const value = this.copy.accept(remote);
    if (value !== undefined) return value;
    if (!this.copy.setAside(JSON.stringify(remote), 'platform'))
      throw new Error(
        `The stored '${this.key}' could not be read or set aside on this device; it is left as it is.`,
      );
    return this.initialValue;
  }

  private async remoteUpdate(edit: (current: unknown) => unknown): Promise<unknown> {
    if (this.remote.update) return this.remote.update(this.key, edit);
    const next = edit(await this.remote.get(this.key));
    await this.remote.set(this.key, next);
    return next;
  }

  private setPending(pending: PendingEdits<T> | undefined): void {
    this.pending = pending;
    this.copy.writePending(pending);
  }

  private adopt(value: T): void {
    // Written even when unchanged here: another tab may have stored an older copy meanwhile, and
    // this write is what tells it (a storage event) the platform's merged value.
    this.copy.write(value);
    if (JSON.stringify(value) === JSON.stringify(this.getSnapshot().value)) return;
    this.update({ value });
  }

  private sync(write: (remote: RemoteStoragePort) => Promise<void>): Promise<void> {
    if (!this.remoteEnabled()) {
      this.update({ status: 'local' });
      return Promise.resolve();
    }
    const written = this.version;
    this.update({ status: 'syncing' });
    // Writes reach the platform in the order they were made.
    this.writes = this.writes.then(async () => {
      try {
        await write(this.remote);
        if (written === this.version) this.update({ status: 'synced', error: undefined });
      } catch (error) {
        this.fail(error);
      }
    });
    return this.writes;
  }

  private fail(error: unknown): void {
    // A 401 signs the user out (Session); their copy must not stay on show.
    this.unauthorized = isUnauthorized(error);
    if (this.unauthorized) this.update({ value: this.initialValue });
    this.update({ status: 'error', error: errorMessage(error) });
  }

  private showRefusal(): void {
    if (!this.copy.refusing) this.update({ warning: undefined });
    else
      this.update({
        warning: this.remoteEnabled() ? LOCAL_STORAGE_FULL : LOCAL_STORAGE_FULL_OFFLINE,
      });
  }

  private remoteEnabled(): boolean {
    return this.access.getSnapshot().canUseStorage;
  }

  private owner(): string {
    return this.access.getSnapshot().user?.userId ?? '';
  }

  private accessKey(): string {
    const { canUseStorage, user } = this.access.getSnapshot();
    return `${canUseStorage}:${user?.userId ?? ''}`;
  }
}
