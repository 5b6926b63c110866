import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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

  it('stops when nothing else keeps the process alive, as a platform shutting down', async () => {
    // The worker is unref'd, so it never holds a platform up; stopping must hold the process until
    // the worker has ended, or a shutdown ends before the database is checkpointed and closed.
    const dir = tempDir();
    const module = (name: string) =>
      JSON.stringify(pathToFileURL(path.resolve('mock-server/store', name)).href);
    const script = path.join(dir, 'shutdown.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${module('database.ts')};
import { WalCheckpointer } from ${module('wal-checkpointer.ts')};
const file = ${JSON.stringify(path.join(dir, 'pawloween.db'))};
const db = openDatabase(file);
const checkpoints = new WalCheckpointer(db, file, { intervalMs: 20, startAtBytes: 0, onError: (error) => { throw error; } });
db.exec("INSERT INTO projects VALUES ('p', 'k', 'P', 0, NULL, 0, '[]', 0)");
// The worker has started once the request connection stops checkpointing.
const pages = () => db.pragma('wal_autocheckpoint')[0].wal_autocheckpoint;
while (pages() !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
await checkpoints.stop();
db.close();
console.log('stopped');
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('stopped');
  }, 90_000);
});
