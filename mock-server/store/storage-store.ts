import { statementCache, type Db } from './database';

export interface StoredSession {
  data: Record<string, unknown>;
  /** Bumped on every write; the ETag is built from it. */
  version: number;
}

export type WriteResult = { ok: true; version: number } | { ok: false; currentVersion: number };

/** Per-user remote storage (SPEC.md 7): one JSON object per user, versioned for If-Match. */
export class StorageStore {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  read(userId: string): StoredSession {
    const row = this.sql('SELECT data, version FROM storage WHERE user_id = ?').get(userId) as
      { data: string; version: number } | undefined;
    return row
      ? { data: JSON.parse(row.data) as Record<string, unknown>, version: row.version }
      : { data: {}, version: 0 };
  }

  /** Replaces the whole object; with expectedVersion the write only happens if nobody wrote in between. */
  write(
    userId: string,
    data: Record<string, unknown>,
    appVersion: string | undefined,
    expectedVersion?: number,
  ): WriteResult {
    return this.db
      .transaction((): WriteResult => {
        const current = this.currentVersion(userId);
        if (expectedVersion !== undefined && expectedVersion !== current)
          return { ok: false, currentVersion: current };
        const version = current + 1;
        this.sql(
          `INSERT INTO storage (user_id, data, version, app_version, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, version = excluded.version,
           app_version = excluded.app_version, updated_at = excluded.updated_at`,
        ).run(userId, JSON.stringify(data), version, appVersion ?? null, this.now());
        return { ok: true, version };
      })
      .immediate();
  }

  /** Empties the object; the version keeps counting so an old ETag never matches again. */
  clear(userId: string, appVersion: string | undefined, expectedVersion?: number): WriteResult {
    return this.write(userId, {}, appVersion, expectedVersion);
  }

  private currentVersion(userId: string): number {
    const row = this.sql('SELECT version FROM storage WHERE user_id = ?').get(userId) as
      { version: number } | undefined;
    return row?.version ?? 0;
  }
}
