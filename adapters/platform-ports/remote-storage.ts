import type { RemoteStoragePort } from '../../domain/ports/storage.port';
import type { PlatformClient } from '../platform/src';
import { translated } from './domain-errors';

/** The domain's remote key-value storage: one key of the platform's sessionData at a time. */
export class PlatformRemoteStorage implements RemoteStoragePort {
  constructor(
    private readonly client: PlatformClient,
    private readonly options: { appVersion?: string } = {},
  ) {}

  async get(key: string): Promise<unknown> {
    const { sessionData } = await translated(() => this.client.storage.get(this.options));
    return sessionData[key];
  }

  async set(key: string, value: unknown): Promise<void> {
    await translated(() => this.client.storage.update(key, value, this.options));
  }

  async update(key: string, edit: (current: unknown) => unknown): Promise<unknown> {
    const written = await translated(() => this.client.storage.update(key, edit, this.options));
    return written[key];
  }

  async remove(key: string): Promise<void> {
    await translated(() => this.client.storage.update(key, undefined, this.options));
  }

  async clear(): Promise<void> {
    await translated(() => this.client.storage.delete(this.options));
  }
}
