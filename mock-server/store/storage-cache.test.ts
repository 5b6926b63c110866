import { describe, expect, it } from 'vitest';
import { openAccounts } from './accounts';
import { openDatabase } from './database';
import { CACHED_JSON_CHARS, StorageStore } from './storage-store';

describe('StorageStore memory', () => {
  it('keeps stored JSON in memory up to a size, not a number of users: 600 users of 1 MB stay within it', async () => {
    const db = openDatabase(':memory:');
    const accounts = openAccounts(db, () => 1_000);
    accounts.projects.seedProject({
      id: 'p1',
      apiKey: 'pk_1',
      name: 'One',
      isDemo: false,
      ownerCents: 1,
    });
    const storage = new StorageStore(db, () => 1_000);
    const megabyte = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });
    for (let i = 0; i < 600; i++) {
      const user = accounts.users.signIn('p1', `u${i}@example.com`);
      await storage.writeJson(user.id, megabyte, '1');
      storage.readJson(user.id);
      expect(storage.cachedSize).toBeLessThanOrEqual(CACHED_JSON_CHARS);
    }
    expect(storage.cachedSize).toBeGreaterThan(CACHED_JSON_CHARS / 2);
  });
});
