import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededAccounts } from './test-accounts';

afterEach(() => vi.useRealTimers());

describe('AccountsStore.refund when the database refuses writes (a full disk)', () => {
  it('never throws, owes the refund and writes it on a later try once writes work again', async () => {
    vi.useFakeTimers();
    const { db, accounts, user } = seededAccounts();
    expect(accounts.reserve(user.id, 'p1', 50)).toEqual({ ok: true });

    db.pragma('query_only = ON');
    expect(() => accounts.refund(user.id, 'p1', 50)).not.toThrow();
    expect(accounts.owedRefunds).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(accounts.userById(user.id)?.used_cents).toBe(50);

    db.pragma('query_only = OFF');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(accounts.owedRefunds).toBe(0);
    expect(accounts.userWithProject(user.id)).toMatchObject({
      user: { used_cents: 0 },
      project: { owner_credits_cents: 1_000 },
    });
  });
});
