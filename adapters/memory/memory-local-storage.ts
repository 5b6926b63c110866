import type { LocalStoragePort } from '../../domain/ports/storage.port';

/** Device storage kept in a Map. */
export class MemoryLocalStorage implements LocalStoragePort {
  readonly entries = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.entries.set(key, value);
  }

  getItem(key: string): string | undefined {
    return this.entries.get(key);
  }

  setItem(key: string, value: string): void {
    this.entries.set(key, value);
  }

  removeItem(key: string): void {
    this.entries.delete(key);
  }
}
