import type { LocalStoragePort } from '../ports/storage.port';

/** True when a value read back is one of ours; anything else is treated as corrupted. */
export type Validate<T> = (value: unknown) => value is T;

/**
 * Edits this device made for `owner` that the platform may not have yet: the local value is `base`
 * plus those edits. Kept beside the value under '<key>:pending' so that a reload during a write
 * pushes them instead of letting the older remote copy win.
 */
export interface PendingEdits<T> {
  readonly owner: string;
  readonly base: T;
}

// String(object) left in a store by an old bug: '[object Object]', '[object Array]', ...
const OBJECT_STRING = /\[object [A-Za-z]+\]/;

/**
 * The device's copy of one storage key, and beside it the marker of edits not yet on the platform.
 * Remembers which of the two the device refused to keep (storage full or blocked): while the value
 * is refused, the copy in memory is newer than the stored one.
 */
export class LocalCopy<T> {
  private readonly refused = new Set<string>();
  private readonly pendingKey: string;

  constructor(
    private readonly key: string,
    private readonly initialValue: T,
    private readonly validate: Validate<T>,
    private readonly local: LocalStoragePort,
    /** Told whenever the device starts or stops refusing writes. */
    private readonly onRefusal: () => void,
  ) {
    this.pendingKey = `${key}:pending`;
  }

  /** True while the device refuses to keep anything of this key. */
  get refusing(): boolean {
    return this.refused.size > 0;
  }

  /** True while the stored value is older than the one in memory. */
  get valueRefused(): boolean {
    return this.refused.has(this.key);
  }

  /** The value when it is one of ours, else undefined. */
  accept(value: unknown): T | undefined {
    return this.validate(value) && !OBJECT_STRING.test(JSON.stringify(value)) ? value : undefined;
  }

  /** The stored value; a corrupted one is replaced by the initial value, here and in the store. */
  read(): T {
    const raw = this.local.getItem(this.key);
    if (raw === undefined) return this.initialValue;
    let value: T | undefined;
    try {
      value = this.accept(JSON.parse(raw));
    } catch {
      value = undefined;
    }
    if (value === undefined) this.write(this.initialValue);
    return value ?? this.initialValue;
  }

  write(value: T): void {
    this.note(this.key, this.local.setItem(this.key, JSON.stringify(value)) !== false);
  }

  remove(): void {
    this.local.removeItem(this.key);
    this.note(this.key, true);
  }

  /** The stored marker, or undefined when absent or unreadable (then nothing is pending). */
  readPending(): PendingEdits<T> | undefined {
    const raw = this.local.getItem(this.pendingKey);
    if (raw === undefined) return undefined;
    try {
      const { owner, base } = JSON.parse(raw) as { owner?: unknown; base?: unknown };
      const accepted = this.accept(base);
      if (typeof owner === 'string' && accepted !== undefined) return { owner, base: accepted };
    } catch {
      // Unreadable: removed below.
    }
    this.local.removeItem(this.pendingKey);
    return undefined;
  }

  /** Stores, or (undefined) removes, the marker. */
  writePending(pending: PendingEdits<T> | undefined): void {
    if (pending === undefined) {
      this.local.removeItem(this.pendingKey);
      this.note(this.pendingKey, true);
    } else {
      const stored = this.local.setItem(this.pendingKey, JSON.stringify(pending)) !== false;
      this.note(this.pendingKey, stored);
    }
  }

  private note(key: string, stored: boolean): void {
    const before = this.refused.size;
    if (stored) this.refused.delete(key);
    else this.refused.add(key);
    if ((before === 0) !== (this.refused.size === 0)) this.onRefusal();
  }
}
