import type { LocalStoragePort } from '../ports/storage.port';

/** True when a value read back is one of ours; anything else is treated as corrupted. */
export type Validate<T> = (value: unknown) => value is T;

/**
 * A value made of items that judge themselves (the gallery): `accepts` checks only the whole, and
 * an object-string artifact inside one item is that item's business, not a reason to replace all.
 */
export interface ItemsShape<T> {
  readonly accepts: Validate<T>;
  readonly itemsJudgeThemselves: true;
}

/** Where a value that could not be read came from before it was set aside. */
export type SetAsideFrom = 'device' | 'platform';

/**
 * Edits this device made for `owner` that the platform may not have yet: the local value is `base`
 * plus those edits. Kept beside the value under '<key>:pending' so that a reload during a write
 * pushes them instead of letting the older remote copy win.
 */
export interface PendingEdits<T> {
  readonly owner: string;
  readonly base: T;
}

/** Where the device keeps a key's unsent edits, and what it could not read, beside the value. */
const pendingKeyOf = (key: string) => `${key}:pending`;
const setAsideKeyOf = (key: string) => `${key}:set-aside`;

/**
 * Removes everything the device keeps of one storage key: the value, its unsent edits and what was
 * set aside (at sign-out, the user's data goes whole).
 */
export function forgetLocalCopy(local: LocalStoragePort, key: string): void {
  for (const stored of [key, pendingKeyOf(key), setAsideKeyOf(key)]) local.removeItem(stored);
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
  private readonly setAsideKey: string;
  private readonly validate: Validate<T>;
  private readonly wholeValueArtifacts: boolean;

  constructor(
    private readonly key: string,
    private readonly initialValue: T,
    shape: Validate<T> | ItemsShape<T>,
    private readonly local: LocalStoragePort,
    /** Told whenever the device starts or stops refusing writes. */
    private readonly onRefusal: () => void,
  ) {
    this.pendingKey = pendingKeyOf(key);
    this.setAsideKey = setAsideKeyOf(key);
    this.validate = typeof shape === 'function' ? shape : shape.accepts;
    this.wholeValueArtifacts = typeof shape === 'function';
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
    if (!this.validate(value)) return undefined;
    return this.wholeValueArtifacts && OBJECT_STRING.test(JSON.stringify(value))
      ? undefined
      : value;
  }

  /**
   * The stored value. A corrupted one is replaced by the initial value, here and in the store,
   * once it is set aside; while the device refuses to set it aside, it is left where it is.
   */
  read(): T {
    const raw = this.local.getItem(this.key);
    if (raw === undefined) return this.initialValue;
    let value: T | undefined;
    try {
      value = this.accept(JSON.parse(raw));
    } catch {
      value = undefined;
    }
    if (value === undefined && this.setAside(raw, 'device')) this.write(this.initialValue);
    return value ?? this.initialValue;
  }

  /**
   * Keeps a value that could not be read (its JSON text) under '<key>:set-aside' before anything
   * replaces it, so that a person or a later version can still recover it. False when the device
   * refused to keep it.
   */
  setAside(raw: string, from: SetAsideFrom): boolean {
    const kept = this.setAsideValues();
    if (!kept.some((entry) => entry.value === raw)) kept.push({ from, value: raw });
    return this.local.setItem(this.setAsideKey, JSON.stringify(kept)) !== false;
  }

  private setAsideValues(): { from: SetAsideFrom; value: string }[] {
    const raw = this.local.getItem(this.setAsideKey);
    if (raw === undefined) return [];
    try {
      const kept: unknown = JSON.parse(raw);
      if (Array.isArray(kept)) return kept as { from: SetAsideFrom; value: string }[];
    } catch {
      // Not ours to judge further: kept as one more value below.
    }
    return [{ from: 'device', value: raw }];
  }

  /** The stored text as it is, to tell whether someone else wrote it meanwhile. */
  raw(): string | undefined {
    return this.local.getItem(this.key);
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
