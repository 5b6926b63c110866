import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { RevocationStore } from './revocation-store';

function store() {
  const clock = { now: 1_000_000 };
  const db = openDatabase(':memory:');
  return { clock, db, revocations: new RevocationStore(db, () => clock.now) };
}

describe('RevocationStore: a signed-out token stays ended until it would have expired', () => {
  it('ends exactly the token revoked', () => {
    const { clock, revocations } = store();
    revocations.revoke('jti-1', clock.now + 60_000);
    expect(revocations.isRevoked('jti-1')).toBe(true);
    expect(revocations.isRevoked('jti-2')).toBe(false);
  });

  it('survives a restart while the token could still be used', () => {
    const { clock, db, revocations } = store();
    revocations.revoke('jti-1', clock.now + 60_000);
    clock.now += 59_999;
    expect(new RevocationStore(db, () => clock.now).isRevoked('jti-1')).toBe(true);
  });

  it('forgets, at a restart, tokens that have expired by themselves', () => {
    const { clock, db, revocations } = store();
    revocations.revoke('jti-1', clock.now + 60_000);
    clock.now += 60_000;
    expect(new RevocationStore(db, () => clock.now).isRevoked('jti-1')).toBe(false);
    const rows = db.prepare('SELECT jti FROM revoked_tokens').all();
    expect(rows).toEqual([]);
  });

  it('sweeps expired ids from memory and table every 1000 revocations, keeping the live ones', () => {
    const { clock, db, revocations } = store();
    revocations.revoke('expires-soon', clock.now + 1_000);
    revocations.revoke('lives-on', clock.now + 1_000_000);
    clock.now += 1_000;
    for (let i = 2; i < 999; i++) revocations.revoke(`filler-${i}`, clock.now + 1_000_000);
    expect(revocations.isRevoked('expires-soon')).toBe(true);
    revocations.revoke('the-1000th', clock.now + 1_000_000);
    expect(revocations.isRevoked('expires-soon')).toBe(false);
    expect(revocations.isRevoked('lives-on')).toBe(true);
    expect(revocations.isRevoked('the-1000th')).toBe(true);
    const count = db.prepare('SELECT COUNT(*) AS n FROM revoked_tokens').get() as { n: number };
    expect(count.n).toBe(999);
  });

  it('revoking the same token twice keeps one row', () => {
    const { clock, db, revocations } = store();
    revocations.revoke('jti-1', clock.now + 60_000);
    revocations.revoke('jti-1', clock.now + 60_000);
    const count = db.prepare('SELECT COUNT(*) AS n FROM revoked_tokens').get() as { n: number };
    expect(count.n).toBe(1);
  });
});
