import { describe, expect, it } from 'vitest';
import { FREE_PLAN, PLANS } from '../billing/plans';
import { openAccounts } from './accounts';
import { openDatabase, statementCache } from './database';
import { StorageStore } from './storage-store';

function stores() {
  const db = openDatabase(':memory:');
  const accounts = openAccounts(db, () => 1_000);
  accounts.projects.seedProject({
    id: 'p1',
    apiKey: 'pk_1',
    name: 'One',
    isDemo: false,
    ownerCents: 1_000,
  });
  const user = accounts.users.signIn('p1', 'ghost@example.com');
  return { db, accounts, storage: new StorageStore(db, () => 1_000), user };
}

describe('UsersStore.userWithProject (read on every authenticated request)', () => {
  it('reads a user with their project, and nothing for an unknown id', () => {
    const { accounts, user } = stores();
    expect(accounts.users.userWithProject(user.id)).toMatchObject({
      user: { id: user.id, email: 'ghost@example.com', plan_id: FREE_PLAN.id },
      project: { id: 'p1', api_key: 'pk_1', name: 'One', owner_credits_cents: 1_000 },
    });
    expect(accounts.users.userWithProject('user_nobody')).toBeUndefined();
  });

  it('is never stale after a change through the store', () => {
    const { accounts, user } = stores();
    const read = () => accounts.users.userWithProject(user.id);
    read();
    expect(accounts.credits.reserve(user.id, 'p1', 30)).toEqual({ ok: true });
    expect(read()).toMatchObject({
      user: { used_cents: 30 },
      project: { owner_credits_cents: 970 },
    });
    accounts.credits.refund(user.id, 'p1', 10);
    expect(read()).toMatchObject({
      user: { used_cents: 20 },
      project: { owner_credits_cents: 980 },
    });
    accounts.credits.setOwnerCredits('p1', 5);
    expect(read()?.project.owner_credits_cents).toBe(5);
    const plus = PLANS.find((plan) => plan.priceCents > 0)!;
    accounts.credits.startPlan(user.id, plus);
    expect(read()?.user).toMatchObject({ plan_id: plus.id, plan_status: 'active' });
    accounts.users.deleteUser(user.id);
    expect(read()).toBeUndefined();
  });

  it('hands out frozen rows: a caller cannot change what the next caller reads', () => {
    const { accounts, user } = stores();
    const first = accounts.users.userWithProject(user.id)!;
    expect(() => (first.user.used_cents = 999)).toThrow(TypeError);
    expect(() => (first.project.name = 'changed')).toThrow(TypeError);
    expect(accounts.users.userWithProject(user.id)?.user.used_cents).toBe(0);
  });
});

describe('StorageStore.write', () => {
  it('counts versions up from 1, and reads back the JSON as written', async () => {
    const { storage, user } = stores();
    expect(storage.readJson(user.id)).toEqual({ json: '{}', version: 0, bytes: 2 });
    expect(await storage.write(user.id, { a: 1 }, 'v1')).toEqual({ ok: true, version: 1 });
    expect(await storage.write(user.id, { a: 2 }, 'v1')).toEqual({ ok: true, version: 2 });
    expect(storage.readJson(user.id)).toEqual({ json: '{"a":2}', version: 2, bytes: 7 });
    expect(storage.read(user.id)).toEqual({ data: { a: 2 }, version: 2 });
  });

  it('counts the same object sent again as a write: a new version, the text kept, the app version updated', async () => {
    const { storage, user, db } = stores();
    await storage.writeJson(user.id, '{"a":1}', 'v1');
    const [again, third] = await Promise.all([
      storage.writeJson(user.id, '{"a":1}', 'v2'),
      storage.writeJson(user.id, '{"a":1}', 'v3', 2),
    ]);
    expect([again, third]).toEqual([
      { ok: true, version: 2 },
      { ok: true, version: 3 },
    ]);
    expect(await storage.writeJson(user.id, '{"a":1}', 'v4', 2)).toEqual({
      ok: false,
      currentVersion: 3,
    });
    const row = db.prepare('SELECT * FROM storage WHERE user_id = ?').get(user.id);
    expect(row).toMatchObject({ data: '{"a":1}', version: 3, app_version: 'v3' });
    // A store that starts afresh (a restart) reads what the database holds.
    expect(new StorageStore(db, () => 1_000).readJson(user.id)).toEqual({
      json: '{"a":1}',
      version: 3,
      bytes: 7,
    });
  });

  it("knows each stored text's UTF-8 size (the quota's measure), after a write and read afresh", async () => {
    const { storage, user, db } = stores();
    await storage.write(user.id, { a: '€' }, 'v1');
    expect(storage.readJson(user.id).bytes).toBe(11);
    expect(new StorageStore(db, () => 1_000).readJson(user.id).bytes).toBe(11);
  });

  it('writes with If-Match only on the version named; 0 means nothing stored yet', async () => {
    const { storage, user } = stores();
    expect(await storage.write(user.id, { a: 1 }, undefined, 3)).toEqual({
      ok: false,
      currentVersion: 0,
    });
    expect(await storage.write(user.id, { a: 1 }, undefined, 0)).toEqual({ ok: true, version: 1 });
    expect(await storage.write(user.id, { a: 2 }, undefined, 0)).toEqual({
      ok: false,
      currentVersion: 1,
    });
    expect(await storage.write(user.id, { a: 2 }, undefined, 1)).toEqual({ ok: true, version: 2 });
    expect(await storage.write(user.id, { a: 3 }, undefined, 1)).toEqual({
      ok: false,
      currentVersion: 2,
    });
    expect(storage.read(user.id).data).toEqual({ a: 2 });
    expect(await storage.clear(user.id, undefined, 2)).toEqual({ ok: true, version: 3 });
    expect(storage.read(user.id)).toEqual({ data: {}, version: 3 });
  });
});

describe('StorageStore.write, many at once', () => {
  it('commits writes of one turn together, each answered as if alone and in order', async () => {
    const { storage, user, accounts } = stores();
    const other = accounts.users.signIn('p1', 'other@example.com');
    const results = await Promise.all([
      storage.write(user.id, { a: 1 }, 'v1'),
      storage.write(user.id, { a: 2 }, 'v1', 1),
      storage.write(user.id, { a: 3 }, 'v1', 1),
      storage.write(other.id, { b: 1 }, 'v1', 0),
    ]);
    expect(results).toEqual([
      { ok: true, version: 1 },
      { ok: true, version: 2 },
      { ok: false, currentVersion: 2 },
      { ok: true, version: 1 },
    ]);
    expect(storage.read(user.id)).toEqual({ data: { a: 2 }, version: 2 });
    expect(storage.read(other.id)).toEqual({ data: { b: 1 }, version: 1 });
  });

  it('fails only the write whose user is gone; the others in its commit land', async () => {
    const { storage, user, accounts } = stores();
    const gone = accounts.users.signIn('p1', 'gone@example.com');
    accounts.users.deleteUser(gone.id);
    const [kept, refused] = await Promise.allSettled([
      storage.write(user.id, { a: 1 }, 'v1'),
      storage.write(gone.id, { a: 1 }, 'v1'),
    ]);
    expect(kept).toEqual({ status: 'fulfilled', value: { ok: true, version: 1 } });
    expect(refused.status).toBe('rejected');
    expect(storage.read(user.id).data).toEqual({ a: 1 });
  });

  it('numbers several writes of one user in one commit one after another, whatever the cache believed', async () => {
    const { storage, user, db } = stores();
    await storage.write(user.id, { a: 1 }, 'v1');
    expect(storage.readJson(user.id).version).toBe(1);
    // The row moves on behind the cache's back: a write must still get the row's next version.
    db.prepare('UPDATE storage SET version = 7 WHERE user_id = ?').run(user.id);
    const results = await Promise.all([
      storage.write(user.id, { a: 2 }, 'v1'),
      storage.write(user.id, { a: 3 }, 'v1'),
      storage.write(user.id, { a: 4 }, 'v1', 9),
      storage.write(user.id, { a: 5 }, 'v1', 2),
    ]);
    expect(results).toEqual([
      { ok: true, version: 8 },
      { ok: true, version: 9 },
      { ok: true, version: 10 },
      { ok: false, currentVersion: 10 },
    ]);
    const row = db.prepare('SELECT data, version FROM storage WHERE user_id = ?').get(user.id);
    expect(row).toMatchObject({ data: '{"a":4}', version: 10 });
    expect(storage.readJson(user.id)).toEqual({ json: '{"a":4}', version: 10, bytes: 7 });
  });

  it('is not visible to readers before it is committed', async () => {
    const { storage, user } = stores();
    const written = storage.write(user.id, { a: 1 }, 'v1');
    expect(storage.readJson(user.id)).toEqual({ json: '{}', version: 0, bytes: 2 });
    await written;
    expect(storage.readJson(user.id)).toEqual({ json: '{"a":1}', version: 1, bytes: 7 });
  });
});

describe('statementCache', () => {
  it('prepares a statement again after it threw, so one constraint error does not poison the next call', () => {
    const { db, user } = stores();
    const sql = statementCache(db);
    const insert = `INSERT INTO storage (user_id, data, version, updated_at) VALUES (?, '{}', 1, 0)`;
    expect(() => sql(insert).run('user_nobody')).toThrow(/FOREIGN KEY/);
    expect(sql(insert).run(user.id).changes).toBe(1);
  });
});
