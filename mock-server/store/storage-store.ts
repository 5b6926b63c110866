import { inTransaction, statementCache, storageFailure, type Db } from './database';

export interface StoredSession {
  data: Record<string, unknown>;
  /** Bumped on every write; the ETag is built from it. */
  version: number;
}

/** One user's stored object as JSON text, at a version; a write makes a new one. */
export interface StoredJson {
  readonly json: string;
  readonly version: number;
  /** The text's UTF-8 size, for the storage quota: measured once, not on every write. */
  readonly bytes: number;
}

export type WriteResult = { ok: true; version: number } | { ok: false; currentVersion: number };

interface PendingWrite {
  userId: string;
  json: string;
  bytes: number;
  appVersion: string | undefined;
  expectedVersion: number | undefined;
}

interface QueuedWrite {
  write: PendingWrite;
  resolve: (result: WriteResult) => void;
  reject: (error: Error) => void;
}

/**
 * Characters of stored JSON kept in memory (about 2 bytes each in V8): beyond it the least
 * recently used entries are forgotten. Counted in size, not users: 600 users of 1 MB each once
 * kept 690 MB.
 */
export const CACHED_JSON_CHARS = 16 * 1024 * 1024;

/** Per-user remote storage (SPEC.md 7): one JSON object per user, versioned for If-Match. */

export class StorageStore {
  private readonly sql: ReturnType<typeof statementCache>;
  /**
   * The stored JSON of recent users. Every write goes through this store and refreshes its entry,
   * so a read never sees an old version. (A deleted user's row goes with their account, and a
   * deleted account never authenticates again, so its entry is simply never read.)
   */
  private readonly cache = new Map<string, StoredJson>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  read(userId: string): StoredSession {
    const { json, version } = this.readJson(userId);
    return { data: JSON.parse(json) as Record<string, unknown>, version };
  }

  /** The object as stored JSON text: a GET answers it as it is, with no parse and stringify again. */
  readJson(userId: string): StoredJson {
    const cached = this.cache.get(userId);
    if (cached) {
      // Most recently used last: eviction takes from the front. An entry already last (one user
      // reading and writing alone) stays where it is: no delete and set on every read.
      if (this.lastUsed !== userId) {
        this.cache.delete(userId);
        this.cache.set(userId, cached);
        this.lastUsed = userId;
      }
      return cached;
    }
    const row = this.sql('SELECT data, version FROM storage WHERE user_id = ?').get(userId) as
      { data: string; version: number } | undefined;
    const json = row?.data ?? '{}';
    return this.remember(userId, {
      json,
      version: row?.version ?? 0,
      bytes: Buffer.byteLength(json),
    });
  }

  private cachedChars = 0;
  /** The user whose entry is last in the cache's order, if known. */
  private lastUsed: string | undefined;

  private remember(userId: string, stored: StoredJson) {
    this.forget(userId);
    // Too large to be worth a place: read from the database each time.
    if (stored.json.length > CACHED_JSON_CHARS / 8) return stored;
    this.cache.set(userId, stored);
    this.lastUsed = userId;
    this.cachedChars += stored.json.length;
    for (const oldest of this.cache.keys()) {
      if (this.cachedChars <= CACHED_JSON_CHARS) break;
      this.forget(oldest);
    }
    return stored;
  }

  private forget(userId: string) {
    const cached = this.cache.get(userId);
    if (!cached) return;
    this.cache.delete(userId);
    if (this.lastUsed === userId) this.lastUsed = undefined;
    this.cachedChars -= cached.json.length;
  }

  /** Characters of JSON held in memory now. */
  get cachedSize(): number {
    return this.cachedChars;
  }

  /**
   * Replaces the whole object; with expectedVersion the write only happens if nobody wrote in
   * between. The answer comes once the write is committed (so a killed server keeps every write it
   * acknowledged), and writes that arrive in the same turn of the event loop share one commit:
   * at 50 connections that is one WAL append for a dozen writes instead of one each.
   */
  write(
    userId: string,
    data: Record<string, unknown>,
    appVersion: string | undefined,
    expectedVersion?: number,
  ): Promise<WriteResult> {
    return this.writeJson(userId, JSON.stringify(data), appVersion, expectedVersion);
  }

  /**
   * As write, with the object already as JSON text (a request body kept as it came); `bytes` is
   * its UTF-8 size when the caller measured it already.
   */
  writeJson(
    userId: string,
    json: string,
    appVersion: string | undefined,
    expectedVersion?: number,
    bytes = Buffer.byteLength(json),
  ): Promise<WriteResult> {
    return new Promise((resolve, reject) => {
      const write = { userId, json, bytes, appVersion, expectedVersion };
      this.queued.push({ write, resolve, reject });
      if (this.queued.length === 1) setImmediate(() => this.commitQueued());
    });
  }

  /** Empties the object; the version keeps counting so an old ETag never matches again. */
  clear(
    userId: string,
    appVersion: string | undefined,
    expectedVersion?: number,
  ): Promise<WriteResult> {
    return this.write(userId, {}, appVersion, expectedVersion);
  }

  private readonly queued: QueuedWrite[] = [];

  private commitQueued() {
    const batch = this.queued.splice(0);
    let versions: (number | undefined)[];
    try {
      // The version each user's row has now inside this transaction, for the next write of theirs.
      const written = new Map<string, number>();
      versions = inTransaction(this.db, () =>
        batch.map(({ write }) => {
          const version = this.apply(write, written.get(write.userId));
          if (version !== undefined) written.set(write.userId, version);
          return version;
        }),
      );
    } catch {
      // One bad write (a user deleted meanwhile) must not fail the others: each on its own, each
      // in a transaction of its own. Not a bare statement: libsql answers RETURNING rows even when
      // the commit after them fails (a full disk), which would acknowledge a write that is lost.
      for (const queued of batch)
        this.answer(queued, () => inTransaction(this.db, () => this.apply(queued.write)));
      return;
    }
    batch.forEach((queued, i) => this.answer(queued, () => versions[i]));
  }

  private answer({ write, resolve, reject }: QueuedWrite, version: () => number | undefined) {
    try {
      resolve(this.settle(write, version()));
    } catch (error) {
      // What the cache holds may be ahead of the disk now: read it again next time.
      this.forget(write.userId);
      reject(storageFailure(error));
    }
  }

  /**
   * The write, atomic in SQLite: the version it wrote, or undefined when If-Match no longer
   * matches. `written` is the version this transaction already gave the user's row, if any.
   *
   * Most writes are a plain UPDATE run on the version the row is believed to have (If-Match's, this
   * batch's, or the cache's) and checked by SQLite in its WHERE: libsql answering a RETURNING row
   * cost about a third of a storage write's statement (npm run bench -- server). Only when that
   * belief was wrong, or there is no row yet, does the upsert ask SQLite for the version.
   */
  private apply({ userId, json, appVersion, expectedVersion }: PendingWrite, written?: number) {
    const values = [userId, json, appVersion ?? null, this.now()];
    // Version 0 is "nothing stored yet": only a first write matches it.
    if (expectedVersion === 0)
      return this.sql(
        `INSERT INTO storage (user_id, data, version, app_version, updated_at) VALUES (?, ?, 1, ?, ?)
         ON CONFLICT(user_id) DO NOTHING`,
      ).run(...values).changes === 1
        ? 1
        : undefined;
    const believed = expectedVersion ?? written ?? this.cache.get(userId)?.version;
    if (
      believed !== undefined &&
      believed > 0 &&
      this.sql(
        `UPDATE storage SET data = ?2, version = version + 1, app_version = ?3, updated_at = ?4
         WHERE user_id = ?1 AND version = ?5`,
      ).run(...values, believed).changes === 1
    )
      return believed + 1;
    if (expectedVersion !== undefined) return undefined;
    const upserted = this.sql(
      `INSERT INTO storage (user_id, data, version, app_version, updated_at) VALUES (?, ?, 1, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, version = storage.version + 1,
       app_version = excluded.app_version, updated_at = excluded.updated_at
       RETURNING version`,
    ).get(...values) as { version: number } | undefined;
    return upserted?.version;
  }

  /** After the commit: what the caller hears, and what later reads see. */
  private settle({ userId, json, bytes }: PendingWrite, version: number | undefined): WriteResult {
    if (version === undefined) {
      this.forget(userId);
      return { ok: false, currentVersion: this.currentVersion(userId) };
    }
    this.remember(userId, { json, version, bytes });
    return { ok: true, version };
  }

  private currentVersion(userId: string): number {
    const row = this.sql('SELECT version FROM storage WHERE user_id = ?').get(userId) as
      { version: number } | undefined;
    return row?.version ?? 0;
  }
}
