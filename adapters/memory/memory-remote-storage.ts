import type { RemoteStoragePort } from '../../domain/ports/storage.port';

/** Per-user storage kept in memory; `failWith` makes every call reject, as an outage would. */
export class MemoryRemoteStorage implements RemoteStoragePort {
  readonly sessionData = new Map<string, unknown>();
  failWith: unknown = undefined;
  calls: string[] = [];

  constructor(initial: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(initial)) this.sessionData.set(key, value);
  }

  async get(key: string): Promise<unknown> {
    this.check(`get ${key}`);
    return structuredClone(this.sessionData.get(key));
  }

  async set(key: string, value: unknown): Promise<void> {
    this.check(`set ${key}`);
    this.sessionData.set(key, structuredClone(value));
  }

  async update(key: string, edit: (current: unknown) => unknown): Promise<unknown> {
    this.check(`update ${key}`);
    const value = structuredClone(edit(structuredClone(this.sessionData.get(key))));
    if (value === undefined) this.sessionData.delete(key);
    else this.sessionData.set(key, value);
    return structuredClone(value);
  }

  async remove(key: string): Promise<void> {
    this.check(`remove ${key}`);
    this.sessionData.delete(key);
  }

  async clear(): Promise<void> {
    this.check('clear');
    this.sessionData.clear();
  }

  private check(call: string): void {
    this.calls.push(call);
    if (this.failWith !== undefined) throw this.failWith;
  }
}
