import { errorMessage, isUnauthorized } from '../errors';
import type { LocalStoragePort, RemoteStoragePort } from '../ports/storage.port';
import type { AuthState } from './session';
import {
  keepMineIfChanged,
  readPending,
  writePending,
  type Merge,
  type PendingEdits,
} from './storage-sync-pending';
import { Store } from './store';

/** SPEC.md section 4 "Storage sync". */
export type SyncStatus = 'local' | 'syncing' | 'synced' | 'error';

export interface StorageSyncState<T> {
  readonly value: T;
  readonly status: SyncStatus;
  /** The last remote failure, for logs; never shown as a blocker. */
  readonly error?: string;
}

/** Tells whether remote storage may be used (SPEC.md section 6: access-token mode only). */
export interface StorageAccess {
  getSnapshot(): Pick<AuthState, 'canUseStorage' | 'user'>;
  subscribe(listener: () => void): () => void;
}

/** True when a value read back is one of ours; anything else is treated as corrupted. */
export type Validate<T> = (value: unknown) => value is T;

// String(object) left in a store by an old bug: '[object Object]', '[object Array]', ...
const OBJECT_STRING = /\[object [A-Za-z]+\]/;

/**
 * One storage key kept on the device and, when signed in with an access token, on the platform.
 * Writes go local first, then remote; reads take the remote value; remote failures other than
 * 401 leave the local value in use. A remote write carries this device's edits, not its whole
 * value: they are merged onto the platform's freshest copy, so other tabs and devices lose nothing.
 */
export class StorageSync<T> extends Store<StorageSyncState<T>> {
  private version = 0;
  private writes: Promise<void> = Promise.resolve();
  private lastAccess: string;
  private merge: Merge<T> = keepMineIfChanged;
  /** Edits not yet on the platform; kept beside the local copy so they outlive a reload. */
  private pending: PendingEdits<T> | undefined;
  private unauthorized = false;

  constructor(
    readonly key: string,
    private readonly initialValue: T,
    private readonly validate: Validate<T>,
    private readonly local: LocalStoragePort,
    private readonly remote: RemoteStoragePort,
    private readonly access: StorageAccess,
  ) {
    super({ value: initialValue, status: 'local' });
    this.update({ value: this.readLocal() });
    this.pending = readPending(local, key, (value) => this.acceptOrUndefined(value));
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
  async load(): Promise<void> {
    const started = ++this.version;
    this.unauthorized = false;
    this.update({ value: this.readLocal(), status: 'local', error: undefined });
    if (!this.remoteEnabled()) return;
    // Another account's unsent edits must never reach this one.
    if (this.pending !== undefined && this.pending.owner !== this.owner())
      this.setPending(undefined);
    if (this.pending !== undefined) return this.push();
    this.update({ status: 'syncing' });
    try {
      const remote = await this.remote.get(this.key);
      if (started !== this.version) return;
      if (remote === undefined) {
        this.local.removeItem(this.key);
        this.update({ value: this.initialValue, status: 'synced' });
        return;
      }
      const value = this.repair(remote);
      this.writeLocal(value);
      this.update({ value, status: 'synced' });
      if (value !== remote) await this.sync((store) => store.set(this.key, value));
    } catch (error) {
      if (started !== this.version) return;
      this.fail(error);
    }
  }

  /** Stores a value (or derives it from the current one): local first, then remote. */
  set(next: T | ((current: T) => T)): Promise<void> {
    const current = this.getSnapshot().value;
    const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
    this.version += 1;
    if (this.remoteEnabled() && this.pending === undefined)
      this.setPending({ owner: this.owner(), base: current });
    this.writeLocal(value);
    this.update({ value });
    return this.push();
  }

  /** Forgets the key: local first, then remote. */
  remove(): Promise<void> {
    this.version += 1;
    this.setPending(undefined);
    this.local.removeItem(this.key);
    this.update({ value: this.initialValue });
    return this.sync((remote) => remote.remove(this.key));
  }

  /**
   * Merges the pending edits onto the platform's freshest value (again after every conflict) and
   * takes the result, which holds the other writers' edits too.
   */
  private push(): Promise<void> {
    return this.sync(async () => {
      const pending = this.pending;
      // Already carried by an earlier push, made for someone no longer signed in, or (after a 401)
      // only the initial value is on show: it must not be pushed as if the user deleted everything.
      if (pending === undefined || pending.owner !== this.owner() || this.unauthorized) return;
      const pushed = this.version;
      const mine = this.getSnapshot().value;
      const stored = this.accept(
        await this.remoteUpdate((theirs) => this.merge(pending.base, mine, this.accept(theirs))),
      );
      if (pushed === this.version) {
        this.setPending(undefined);
        this.adopt(stored);
        return;
      }
      // Edits made while this push was on its way stay pending, now on top of what was stored.
      this.setPending({ owner: pending.owner, base: stored });
      this.adopt(this.merge(mine, this.getSnapshot().value, stored));
    });
  }

  private setPending(pending: PendingEdits<T> | undefined): void {
    this.pending = pending;
    writePending(this.local, this.key, pending);
  }

  private async remoteUpdate(edit: (current: unknown) => unknown): Promise<unknown> {
    if (this.remote.update) return this.remote.update(this.key, edit);
    const next = edit(await this.remote.get(this.key));
    await this.remote.set(this.key, next);
    return next;
  }

  private adopt(value: T): void {
    if (JSON.stringify(value) === JSON.stringify(this.getSnapshot().value)) return;
    this.writeLocal(value);
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

  private readLocal(): T {
    const raw = this.local.getItem(this.key);
    if (raw === undefined) return this.initialValue;
    try {
      return this.repair(JSON.parse(raw));
    } catch {
      this.writeLocal(this.initialValue);
      return this.initialValue;
    }
  }

  /** A value read from the platform, or the initial value when absent or not one of ours. */
  private accept(value: unknown): T {
    return this.acceptOrUndefined(value) ?? this.initialValue;
  }

  private acceptOrUndefined(value: unknown): T | undefined {
    return this.validate(value) && !OBJECT_STRING.test(JSON.stringify(value)) ? value : undefined;
  }

  /** A corrupted value is replaced by the initial value, and the store is told. */
  private repair(value: unknown): T {
    if (this.validate(value) && !OBJECT_STRING.test(JSON.stringify(value))) return value;
    this.writeLocal(this.initialValue);
    return this.initialValue;
  }

  private writeLocal(value: T): void {
    this.local.setItem(this.key, JSON.stringify(value));
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
