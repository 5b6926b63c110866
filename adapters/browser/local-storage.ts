import type { LocalStoragePort } from '../../domain/ports/storage.port';

/** The slice of the Web Storage API this adapter uses. */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's localStorage. Private modes, disabled storage and a full quota throw on access;
 * the app then keeps working from memory and the remote copy, so no failure is thrown; a refused
 * write answers false, so the user can be told their change is not kept on this device.
 */
export class LocalStorage implements LocalStoragePort {
  constructor(
    private readonly storage: WebStorage | undefined = defaultStorage(),
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  getItem(key: string): string | undefined {
    try {
      return this.storage?.getItem(key) ?? undefined;
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  setItem(key: string, value: string): boolean {
    if (this.storage === undefined) return false;
    try {
      this.storage.setItem(key, value);
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  removeItem(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch (error) {
      this.onError(error);
    }
  }
}

function defaultStorage(): WebStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Reading window.localStorage itself throws when storage is blocked.
    return undefined;
  }
}
