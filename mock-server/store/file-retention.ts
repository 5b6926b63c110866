import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './database';

/** How long a run's files stay public when no gallery names them. */
export const FILE_RETENTION_MS = 24 * 60 * 60 * 1000;

const RUN_FOLDER = /^[0-9a-f-]{36}$/;
const FILES = '/files/';

/**
 * What may be a run id in each file URL of a stored JSON: the 36 characters between '/files/' and
 * a '/'. Found with indexOf; whether one is a run id is checked only for those a write dropped
 * (by forgetDropped): a regex over every URL cost about 8 µs per text of 20 creations.
 */
function fileIdsIn(json: string): Set<string> {
  const ids = new Set<string>();
  for (let at = json.indexOf(FILES); at !== -1; at = json.indexOf(FILES, at + 1)) {
    const end = at + FILES.length + 36;
    if (json.charCodeAt(end) === 0x2f /* / */) ids.add(json.slice(at + FILES.length, end));
  }
  return ids;
}

/**
 * Removes the image and video of runs that no gallery names any more: a deleted gallery item, a
 * cleared storage, or a run whose answer never reached a gallery (a crash, a failed run). A run's
 * files get FILE_RETENTION_MS first, so a creation on its way into a gallery (or written back by
 * another device) is never removed under it.
 */
export class FileRetention {
  private ownerOf: ReturnType<Db['prepare']> | undefined;

  constructor(
    private readonly db: Db,
    private readonly filesDir: string,
    private readonly now: () => number,
    private readonly retentionMs = FILE_RETENTION_MS,
  ) {}

  /**
   * After a user's storage changed from `before` to `after`: the files of their own runs that the
   * old value named and the new one does not (a deleted gallery item) are removed now.
   */
  async forgetDropped(userId: string, before: string, after: string): Promise<string[]> {
    const removed: string[] = [];
    // The same text names the same files (a gallery written back as it was read).
    if (before === after) return removed;
    const named = fileIdsIn(before);
    // The old text named no file: the new one can have dropped none (and is not searched).
    if (named.size === 0) return removed;
    const kept = fileIdsIn(after);
    for (const id of named) {
      if (kept.has(id) || !RUN_FOLDER.test(id)) continue;
      // Prepared once, on the first dropped file: a statement parsed per storage write was a
      // visible share of its CPU (npm run bench -- server).
      this.ownerOf ??= this.db.prepare('SELECT user_id FROM runs WHERE id = ?');
      const run = this.ownerOf.get(id) as { user_id: string | null } | undefined;
      if (run?.user_id !== userId) continue;
      await rm(path.join(this.filesDir, id), { recursive: true, force: true });
      removed.push(id);
    }
    return removed;
  }

  /** One pass over the files folder; answers the run folders removed. */
  async sweep(): Promise<string[]> {
    const cutoff = this.now() - this.retentionMs;
    const runOf = this.db.prepare('SELECT user_id, created_at FROM runs WHERE id = ?');
    const storedOf = this.db.prepare('SELECT data FROM storage WHERE user_id = ?');
    const removed: string[] = [];
    const folders = await readdir(this.filesDir).catch(() => [] as string[]);
    for (const folder of folders) {
      if (!RUN_FOLDER.test(folder)) continue;
      const where = path.join(this.filesDir, folder);
      const run = runOf.get(folder) as { user_id: string | null; created_at: number } | undefined;
      const madeAt = run?.created_at ?? (await stat(where).catch(() => undefined))?.mtimeMs;
      if (madeAt === undefined || madeAt > cutoff) continue;
      const stored = run?.user_id
        ? (storedOf.get(run.user_id) as { data: string } | undefined)?.data
        : undefined;
      if (stored?.includes(folder)) continue;
      await rm(where, { recursive: true, force: true });
      removed.push(folder);
    }
    return removed;
  }
}
