import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityOf } from './data-dir-lock';
import { seededAccounts } from './test-accounts';

afterEach(() => vi.useRealTimers());

describe('CreditsLedger.refund when the database refuses writes (a full disk)', () => {
  it('never throws, owes the refund and writes it on a later try once writes work again', async () => {
    vi.useFakeTimers();
    const { db, accounts, user } = seededAccounts();
    expect(accounts.credits.reserve(user.id, 'p1', 50)).toEqual({ ok: true });

    db.pragma('query_only = ON');
    expect(() => accounts.credits.refund(user.id, 'p1', 50)).not.toThrow();
    expect(accounts.credits.owedRefunds).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(accounts.users.userById(user.id)?.used_cents).toBe(50);

    db.pragma('query_only = OFF');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(accounts.credits.owedRefunds).toBe(0);
    expect(accounts.users.userWithProject(user.id)).toMatchObject({
      user: { used_cents: 0 },
      project: { owner_credits_cents: 1_000 },
    });
  });
});

describe('RunsJournal: runs a crash cut off', () => {
  const run = (id: string) => ({ id, videoCents: 30 });

  it('settles at start what was charged and never answered: all of it, or the video once the image was delivered', () => {
    const { accounts, user } = seededAccounts();
    expect(accounts.credits.reserve(user.id, 'p1', 50, run('cut-off'))).toEqual({ ok: true });
    expect(accounts.credits.reserve(user.id, 'p1', 50, run('image-sent'))).toEqual({ ok: true });
    accounts.runs.markImageDelivered('image-sent');
    expect(accounts.credits.reserve(user.id, 'p1', 50, run('answered'))).toEqual({ ok: true });
    accounts.runs.recordRun({
      id: 'answered',
      userId: user.id,
      projectId: 'p1',
      model: 'm',
      costCents: 50,
    });
    expect(accounts.credits.reserve(user.id, 'p1', 50, run('failed'))).toEqual({ ok: true });
    accounts.credits.refund(user.id, 'p1', 50, 'failed');
    expect(accounts.users.userById(user.id)?.used_cents).toBe(150);

    expect(accounts.runs.settleInterruptedRuns()).toEqual([
      { id: 'cut-off', imageDelivered: false },
      { id: 'image-sent', imageDelivered: true },
    ]);
    // Kept: the answered run (50) and the delivered image (20).
    expect(accounts.users.userById(user.id)?.used_cents).toBe(70);
    expect(accounts.runs.settleInterruptedRuns()).toEqual([]);
  });

  it("refunds only the runs whose platform process is gone, never a live one's (issue 41)", async () => {
    const { db, accounts, user } = seededAccounts();
    const live = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const gone = spawn(process.execPath, ['-e', '']);
    try {
      await once(live, 'spawn');
      const goneIdentity = identityOf(gone.pid!);
      await once(gone, 'exit');
      for (const id of ['live-run', 'gone-run', 'this-process-run'])
        expect(accounts.credits.reserve(user.id, 'p1', 50, run(id))).toEqual({ ok: true });
      const owner = db.prepare('UPDATE pending_runs SET owner_process = ? WHERE id = ?');
      owner.run(identityOf(live.pid!), 'live-run');
      owner.run(goneIdentity, 'gone-run');
      expect(accounts.users.userById(user.id)?.used_cents).toBe(150);

      // This process's own runs are of an app closed before (the data folder's lock is this one's).
      expect(accounts.runs.settleInterruptedRuns()).toEqual([
        { id: 'gone-run', imageDelivered: false },
        { id: 'this-process-run', imageDelivered: false },
      ]);
      expect(accounts.users.userById(user.id)?.used_cents).toBe(50);
    } finally {
      live.kill('SIGKILL');
    }
  });
});
