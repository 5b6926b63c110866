import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'libsql';
import { PlatformError } from '../http/platform-error';

export type Db = InstanceType<typeof Database>;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS projects (
  id TEXT PRIMARY KEY,
  api_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_demo INTEGER NOT NULL DEFAULT 0,
  owner_user_id TEXT,
  owner_credits_cents INTEGER NOT NULL,
  allowed_origins TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id),
  email TEXT NOT NULL,
  avatar_url TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  plan_status TEXT NOT NULL,
  plan_started_at INTEGER,
  plan_ends_at INTEGER,
  allocated_cents INTEGER NOT NULL,
  used_cents INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  UNIQUE (project_id, email)
);
CREATE TABLE IF NOT EXISTS storage (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  data TEXT NOT NULL,
  version INTEGER NOT NULL,
  app_version TEXT,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotency (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  request_hash TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE TABLE IF NOT EXISTS revoked_tokens (
  jti TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS checkout_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  origin TEXT NOT NULL,
  completed_plan TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  project_id TEXT NOT NULL,
  model TEXT NOT NULL,
  cost_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  -- Who may read it by id (the Idempotency-Key's scope), how it ended, and what was delivered (JSON).
  owner TEXT,
  status TEXT NOT NULL DEFAULT 'succeeded',
  output TEXT
);
-- A costume run charged and not yet settled (answered, or refunded): what a crash leaves here is
-- refunded at the next start. image_delivered: the streamed image reached the caller (kept, charged).
CREATE TABLE IF NOT EXISTS pending_runs (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  project_id TEXT NOT NULL,
  cost_cents INTEGER NOT NULL,
  video_cents INTEGER NOT NULL,
  image_delivered INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  -- The platform process running it (data-dir-lock.ts): only a gone one's runs are refunded at start.
  owner_process TEXT
);
`;

/**
 * Opens the platform database. WAL with synchronous=NORMAL: a committed transaction is in the WAL
 * file before the reply goes out, so a killed process (SIGKILL) loses nothing acknowledged; only a
 * power cut could, and FULL would cost an fsync on every storage write.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') ownerOnly(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  migrate(db);
  return db;
}

/**
 * The database (accounts, password hashes, galleries) is the owner's alone: created 0600, and an
 * older one made world-readable is narrowed. SQLite gives its -wal and -shm files the database
 * file's mode; those left by an older start are narrowed too.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const each of [file, `${file}-wal`, `${file}-shm`])
    if (existsSync(each)) chmodSync(each, 0o600);
}

/** Columns added since the first release, for data folders made by it. */
function migrate(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(idempotency)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'request_hash'))
    db.exec('ALTER TABLE idempotency ADD COLUMN request_hash TEXT');
  const userColumns = db.prepare('PRAGMA table_info(users)').all() as { name: string }[];
  if (!userColumns.some((column) => column.name === 'password_hash'))
    db.exec('ALTER TABLE users ADD COLUMN password_hash TEXT');
  const runColumns = new Set(
    (db.prepare('PRAGMA table_info(runs)').all() as { name: string }[]).map(({ name }) => name),
  );
  for (const [name, type] of [
    ['owner', 'TEXT'],
    ['status', "TEXT NOT NULL DEFAULT 'succeeded'"],
    ['output', 'TEXT'],
  ] as const)
    if (!runColumns.has(name)) db.exec(`ALTER TABLE runs ADD COLUMN ${name} ${type}`);
  const pendingColumns = db.prepare('PRAGMA table_info(pending_runs)').all() as { name: string }[];
  if (!pendingColumns.some((column) => column.name === 'owner_process'))
    db.exec('ALTER TABLE pending_runs ADD COLUMN owner_process TEXT');
}

/**
 * Runs `work` in one transaction. Unlike libsql's own wrapper, a failed COMMIT (a full disk) throws
 * its own error: SQLite has already rolled back, and libsql's unconditional ROLLBACK would replace
 * it with "cannot rollback - no transaction is active".
 */
export function inTransaction<T>(db: Db, work: () => T, mode: '' | 'IMMEDIATE' = ''): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** A write that could not be made durable: 507 when the disk is full, 503 for other I/O trouble. */
export function storageFailure(error: unknown): Error {
  const code = String((error as { code?: unknown }).code ?? '');
  if (/FULL/.test(code) || /full/i.test(String((error as Error).message)))
    return new PlatformError(
      507,
      'INSUFFICIENT_STORAGE',
      'The platform has no disk space left: your data was not saved. Try again later.',
    );
  if (/IOERR|READONLY|CANTOPEN|BUSY|LOCKED/.test(code))
    return new PlatformError(
      503,
      'SERVICE_UNAVAILABLE',
      'The platform could not save your data just now: it was not saved. Try again later.',
    );
  return error as Error;
}

/** The part of a prepared statement the stores use. */
export interface Prepared {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
}

/**
 * Prepares each SQL text once: parsing a statement costs more than running these small queries.
 * A statement that threw is prepared afresh next time: libsql keeps failing a statement after a
 * constraint error (even with other values), which would poison every later call with that text.
 */
export function statementCache(db: Db): (sql: string) => Prepared {
  const cache = new Map<string, Prepared>();
  const evictOnError =
    <R>(sql: string, call: (params: unknown) => R) =>
    (...args: unknown[]): R => {
      try {
        return call(bindable(args));
      } catch (error) {
        cache.delete(sql);
        throw error;
      }
    };
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      const prepared = db.prepare(sql) as Prepared;
      statement = {
        run: evictOnError(sql, (params) => prepared.run(params)),
        get: evictOnError(sql, (params) => prepared.get(params)),
      };
      cache.set(sql, statement);
    }
    return statement;
  };
}

/**
 * The parameters in the one form libsql hands to SQLite as they are: a single object (named
 * parameters, or an array of positional ones). Given `run(a, b, …)`, libsql flattens its rest array
 * with Array.prototype.flat first, 0.6 µs of a 3 µs storage UPDATE. Nested arrays, which libsql
 * would flatten, are flattened here the same way.
 */
function bindable(args: unknown[]): unknown {
  if (args.length === 1 && typeof args[0] === 'object') return args[0];
  return args.some(Array.isArray) ? args.flat() : args;
}
