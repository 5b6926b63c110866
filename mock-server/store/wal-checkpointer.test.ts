import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'libsql';
import { openDatabase } from './database';
import { WalCheckpointer } from './wal-checkpointer';

const folders: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-wal-'));
  folders.push(dir);
  return dir;
};

const autocheckpointPages = (db: ReturnType<typeof openDatabase>) =>
  (db.pragma('wal_autocheckpoint') as { wal_autocheckpoint: number }[])[0]?.wal_autocheckpoint;

/** The rows the database file holds by itself, without its WAL (what a checkpoint has copied in). */
function rowsInFileAlone(file: string): number {
  const copy = path.join(tempDir(), 'copy.db');
  copyFileSync(file, copy);
  const db = new Database(copy);
  try {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'storage'").get();
    if (!exists) return 0;
    return (db.prepare('SELECT COUNT(*) AS n FROM storage').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('WAL checkpoints off the request path', () => {
  it('a worker copies committed writes into the database file, and the request connection stops checkpointing', async () => {
    const file = path.join(tempDir(), 'pawloween.db');
    const db = openDatabase(file);
    const onError = vi.fn();
    const checkpoints = new WalCheckpointer(db, file, { intervalMs: 20, startAtBytes: 0, onError });
    stops.push(async () => {
      await checkpoints.stop();
      db.close();
    });
    db.exec("INSERT INTO projects VALUES ('p', 'k', 'P', 0, NULL, 0, '[]', 0)");
    db.exec(`INSERT INTO users (id, project_id, email, avatar_url, plan_id, plan_status, allocated_cents, created_at)
      VALUES ('u', 'p', 'e', 'a', 'free', 'active', 0, 0)`);
    db.exec("INSERT INTO storage VALUES ('u', '{}', 1, NULL, 0)");
    // Far below SQLite's own 1000-page checkpoint: without the worker the file alone has no row.
    await vi.waitFor(() => expect(rowsInFileAlone(file)).toBe(1), { timeout: 10_000 });
    expect(autocheckpointPages(db)).toBe(0);
    expect(onError).not.toHaveBeenCalled();

    await checkpoints.stop();
    expect(autocheckpointPages(db)).toBe(1000);
  });

  it('a worker that fails hands checkpoints back to the request connection and says so', async () => {
    const dir = tempDir();
    const db = openDatabase(path.join(dir, 'pawloween.db'));
    // A "database" the worker cannot open (a folder), whose WAL looks grown.
    const broken = path.join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(`${broken}-wal`, 'x');
    const onError = vi.fn();
    const checkpoints = new WalCheckpointer(db, broken, {
      intervalMs: 20,
      startAtBytes: 0,
      onError,
    });
    stops.push(async () => {
      await checkpoints.stop();
      db.close();
    });
    await vi.waitFor(() => expect(onError).toHaveBeenCalled(), { timeout: 10_000 });
    expect(autocheckpointPages(db)).toBe(1000);
  });
});
