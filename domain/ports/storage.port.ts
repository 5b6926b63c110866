/**
 * Per-user key-value storage on the platform (GET/PUT/DELETE /v1/storage). Values are JSON values;
 * how the whole sessionData is re-read, merged and written is the implementation's business.
 */
export const RemoteStoragePort = Symbol('RemoteStoragePort');
export interface RemoteStoragePort {
  /** The value stored under key, or undefined when the key is absent. */
  get(key: string): Promise<unknown>;
  /** Stores value under key, keeping every other key; another writer's value for key is replaced. */
  set(key: string, value: unknown): Promise<void>;
  /**
   * Stores edit(the freshest stored value, undefined when absent) under key, keeping every other
   * key; when another writer got in first, edit runs again on their value, so concurrent edits
   * compose. Resolves to the value stored. Optional: without it, StorageSync reads then sets.
   */
  update?(key: string, edit: (current: unknown) => unknown): Promise<unknown>;
  /** Removes key, keeping every other key. */
  remove(key: string): Promise<void>;
  /** Removes everything stored for the user. */
  clear(): Promise<void>;
}

/**
 * Key-value strings kept on this device (the browser's Web Storage, a file for the CLI).
 * Writes never throw: a full or unavailable store drops the write and says so.
 */
export const LocalStoragePort = Symbol('LocalStoragePort');
export interface LocalStoragePort {
  /** The string stored under key, or undefined when absent. */
  getItem(key: string): string | undefined;
  /** Stores value under key; false when the device refused it (storage full or blocked). */
  setItem(key: string, value: string): boolean | void;
  /** Removes key. */
  removeItem(key: string): void;
}
