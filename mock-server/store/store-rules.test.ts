import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'libsql';
import { PLANS } from '../billing/plans';
import { CheckoutStore } from './checkout-store';
import { inTransaction, openDatabase, storageFailure } from './database';
import { FileRetention } from './file-retention';
import { seededAccounts } from './test-accounts';

const NOW = Date.UTC(2026, 10, 25, 12);
const HOUR = 3_600_000;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-store-rules-'));
  folders.push(dir);
  return dir;
};

function accounts(now = () => NOW) {
  const { db, accounts: store, user } = seededAccounts({ now });
  return { db, store, user };
}

describe('storageFailure: what a write that could not be made durable answers', () => {
  it.each([[{ code: 'SQLITE_FULL', message: 'x' }], [{ message: 'database or disk is full' }]])(
    'a full disk is a 507 %j',
    (error) => {
      expect(storageFailure(Object.assign(new Error(error.message), error))).toMatchObject({
        statusCode: 507,
        code: 'INSUFFICIENT_STORAGE',
        message: 'The platform has no disk space left: your data was not saved. Try again later.',
      });
    },
  );

  it.each([
    'SQLITE_IOERR_WRITE',
    'SQLITE_READONLY',
    'SQLITE_CANTOPEN',
    'SQLITE_BUSY',
    'SQLITE_LOCKED',
  ])('other I/O trouble (%s) is a 503', (code) => {
    expect(storageFailure(Object.assign(new Error('io'), { code }))).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The platform could not save your data just now: it was not saved. Try again later.',
    });
  });

  it('anything else is passed on as it is', () => {
    const bug = new TypeError('a bug');
    expect(storageFailure(bug)).toBe(bug);
    const constraint = Object.assign(new Error('UNIQUE'), { code: 'SQLITE_CONSTRAINT' });
    expect(storageFailure(constraint)).toBe(constraint);
  });
});

describe('the database', () => {
  it('rolls a failed transaction back and throws its error', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    expect(() =>
      inTransaction(db, () => {
        db.exec('INSERT INTO t VALUES (1)');
        throw new Error('half done');
      }),
    ).toThrow('half done');
    expect(db.inTransaction).toBe(false);
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(0);
  });

  it('adds the columns a data folder of the first release lacks, and opens it again as is', () => {
    const file = path.join(tempDir(), 'old.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE idempotency (scope TEXT, key TEXT, status INTEGER, body TEXT, created_at INTEGER);
      CREATE TABLE users (id TEXT PRIMARY KEY, project_id TEXT, email TEXT);`);
    old.close();
    for (let open = 0; open < 2; open++) {
      const db = openDatabase(file);
      const names = (table: string) =>
        (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect(names('idempotency')).toContain('request_hash');
      expect(names('users')).toContain('password_hash');
      db.close();
    }
  });
});

describe('Accounts (projects, users, credits): rules of money and identity', () => {
  it('one account per e-mail whatever its case and spaces, with an avatar seeded by it', () => {
    const { store, user } = accounts();
    expect(store.users.signIn('p1', '  GHOST@Example.com ').id).toBe(user.id);
    expect(store.users.hasUser('p1', 'Ghost@EXAMPLE.com')).toBe(true);
    expect(user.avatar_url).toBe('/platform-assets/avatar.svg?seed=ghost%40example.com');
  });

  it("names a user's demo project after them", () => {
    const { store, user } = accounts();
    expect(store.projects.demoProjectOf(user, 500).name).toBe('Demo of ghost@example.com');
  });

  it('says why a reservation failed: the user’s balance, or the owner’s', () => {
    const { store, user } = accounts();
    expect(store.credits.reserve(user.id, 'p1', 10_000)).toEqual({
      ok: false,
      reason: 'user-balance',
      remainingCents: 500,
    });
    store.credits.setOwnerCredits('p1', 5);
    expect(store.credits.reserve(user.id, 'p1', 10)).toEqual({
      ok: false,
      reason: 'owner-balance',
    });
  });

  it('a reservation the disk refuses is a storage failure, not an empty balance', () => {
    const { db, store, user } = accounts();
    db.pragma('query_only = ON');
    expect(() => store.credits.reserve(user.id, 'p1', 10)).toThrow(
      expect.objectContaining({ statusCode: 503 }),
    );
  });

  it('refunds an anonymous run to the owner alone', () => {
    const { store, user } = accounts();
    expect(store.credits.reserve(undefined, 'p1', 40)).toEqual({ ok: true });
    store.credits.refund(undefined, 'p1', 40);
    expect(store.users.userWithProject(user.id)).toMatchObject({
      user: { used_cents: 0 },
      project: { owner_credits_cents: 1_000 },
    });
  });

  it('a paid plan runs for 30 days from its start', () => {
    const { store, user } = accounts();
    store.credits.startPlan(user.id, PLANS[1]!);
    expect(store.users.userById(user.id)).toMatchObject({
      plan_started_at: NOW,
      plan_ends_at: NOW + 30 * 24 * HOUR,
    });
  });
});

describe('CheckoutStore: a checkout session lives an hour and pays once', () => {
  function checkout() {
    const clock = { now: NOW };
    const { db, user } = accounts(() => clock.now);
    return { clock, db, user, store: new CheckoutStore(db, () => clock.now) };
  }

  it('is found for an hour, not a millisecond longer', () => {
    const { clock, user, store } = checkout();
    const id = store.open(user.id, 'http://app');
    clock.now += HOUR - 1;
    expect(store.find(id)?.id).toBe(id);
    clock.now += 1;
    expect(store.find(id)).toBeUndefined();
  });

  it('removes sessions past their hour when a new one opens, keeping younger ones', () => {
    const { clock, db, user, store } = checkout();
    const old = store.open(user.id, 'http://old');
    clock.now += HOUR / 2;
    const young = store.open(user.id, 'http://young');
    clock.now += HOUR / 2;
    store.open(user.id, 'http://new');
    const ids = (db.prepare('SELECT id FROM checkout_sessions').all() as { id: string }[]).map(
      (row) => row.id,
    );
    expect(ids).not.toContain(old);
    expect(ids).toContain(young);
  });

  it('grants the plan on the first completion only', () => {
    const { user, store } = checkout();
    const id = store.open(user.id, 'http://app');
    let grants = 0;
    expect(store.complete(id, 'plus', () => grants++)).toBe(true);
    expect(store.complete(id, 'plus', () => grants++)).toBe(false);
    expect(store.complete('no-such-session', 'plus', () => grants++)).toBe(false);
    expect(grants).toBe(1);
  });
});

describe('FileRetention: run files are kept while a gallery names them, and a day after', () => {
  function retention() {
    const clock = { now: NOW };
    const { db, user } = accounts(() => clock.now);
    const filesDir = tempDir();
    const run = (userId: string | null, madeAt: number) => {
      const id = randomUUID();
      db.prepare(
        'INSERT INTO runs (id, user_id, project_id, model, cost_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(id, userId, 'p1', 'workflow/x', 50, madeAt);
      mkdirSync(path.join(filesDir, id));
      writeFileSync(path.join(filesDir, id, 'image.png'), 'png');
      return id;
    };
    const gallery = (userId: string, ids: string[]) =>
      db
        .prepare(
          'INSERT OR REPLACE INTO storage (user_id, data, version, updated_at) VALUES (?, ?, 1, ?)',
        )
        .run(userId, JSON.stringify(ids.map((id) => `http://p/files/${id}/image.png`)), NOW);
    const exists = (id: string) => existsSync(path.join(filesDir, id));
    return {
      clock,
      user,
      filesDir,
      run,
      gallery,
      exists,
      files: new FileRetention(db, filesDir, () => clock.now, 24 * HOUR),
    };
  }

  it('sweeps runs a day old that no gallery names, keeps the rest and anything not a run', async () => {
    const r = retention();
    const atCutoff = r.run(r.user.id, NOW - 24 * HOUR);
    const younger = r.run(r.user.id, NOW - 24 * HOUR + 1);
    const named = r.run(r.user.id, NOW - 48 * HOUR);
    const anonymous = r.run(null, NOW - 48 * HOUR);
    r.gallery(r.user.id, [named]);
    mkdirSync(path.join(r.filesDir, 'notes'));
    const stray = randomUUID();
    mkdirSync(path.join(r.filesDir, stray));
    const old = (NOW - 48 * HOUR) / 1000;
    utimesSync(path.join(r.filesDir, stray), old, old);

    expect((await r.files.sweep()).sort()).toEqual([anonymous, atCutoff, stray].sort());
    expect([atCutoff, anonymous, stray].map(r.exists)).toEqual([false, false, false]);
    expect([younger, named].map(r.exists)).toEqual([true, true]);
    expect(existsSync(path.join(r.filesDir, 'notes'))).toBe(true);
  });

  it('a missing files folder is an empty sweep', async () => {
    const r = retention();
    rmSync(r.filesDir, { recursive: true });
    expect(await r.files.sweep()).toEqual([]);
  });

  it("removes at once the user's own runs a gallery stopped naming, nobody else's", async () => {
    const r = retention();
    const dropped = r.run(r.user.id, NOW);
    const kept = r.run(r.user.id, NOW);
    const theirs = r.run('user_someone_else', NOW);
    const unknown = randomUUID();
    const before = JSON.stringify(
      [dropped, kept, theirs, unknown].map((id) => `/files/${id}/a.png`),
    );
    const after = JSON.stringify([`/files/${kept}/a.png`]);
    expect(await r.files.forgetDropped(r.user.id, before, after)).toEqual([dropped]);
    expect([dropped, kept, theirs].map(r.exists)).toEqual([false, true, true]);
  });
});
