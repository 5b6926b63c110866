import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, testApp, userHeaders } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('shutdown', () => {
  it('checkpoints the WAL: the .db file alone holds every row written before close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-shutdown-'));
    dirs.push(dir);
    const databaseFile = path.join(dir, 'platform.db');
    const t = await testApp({ databaseFile });
    const token = await signIn(t.app, 'wal@example.com');
    for (let round = 1; round <= 50; round++) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/v1/storage?appVersion=1',
        headers: userHeaders(token),
        payload: { sessionData: { round, padding: 'x'.repeat(20_000) } },
      });
      expect(put.statusCode).toBe(200);
    }
    await t.close();

    const wal = `${databaseFile}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const alone = path.join(dir, 'alone.db');
    copyFileSync(databaseFile, alone);
    const db = new Database(alone);
    const row = db.prepare('SELECT data FROM storage').get() as { data: string };
    db.close();
    expect(JSON.parse(row.data).round).toBe(50);
  });
});
