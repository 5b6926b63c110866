import { inTransaction, statementCache, storageFailure, type Db } from './database';
import type { PlanDefinition } from '../billing/plans';
import { currentProcess } from './data-dir-lock';
import type { PrincipalCache } from './principal-cache';

export type Reservation =
  | { ok: true }
  | { ok: false; reason: 'user-balance'; remainingCents: number }
  | { ok: false; reason: 'owner-balance' };

/**
 * Credits of users and project owners, and the plans that add to them. Every money change is one
 * conditional UPDATE, so two runs can never overspend.
 */
export class CreditsLedger {
  private readonly sql: ReturnType<typeof statementCache>;

  private readonly owed: {
    userId: string | undefined;
    projectId: string;
    cents: number;
    runId?: string;
  }[] = [];
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** This process, written beside each run it charges. */
  private readonly owner = currentProcess();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly principals: PrincipalCache,
  ) {
    this.sql = statementCache(db);
  }

  /**
   * Takes the cost from the user (if any) and the project owner together, or from neither. With
   * `run`, the charge is journalled as pending in the same transaction, until the run is recorded
   * or refunded; one still pending at the next start was cut off by a crash and is refunded.
   */
  reserve(
    userId: string | undefined,
    projectId: string,
    cents: number,
    run?: { id: string; videoCents: number },
  ): Reservation {
    try {
      return this.debit(userId, projectId, cents, run);
    } catch (error) {
      if (error instanceof OwnerOutOfCredits) return { ok: false, reason: 'owner-balance' };
      throw storageFailure(error);
    } finally {
      this.principals.forgetAll();
    }
  }

  private debit(
    userId: string | undefined,
    projectId: string,
    cents: number,
    run?: { id: string; videoCents: number },
  ): Reservation {
    return inTransaction(
      this.db,
      (): Reservation => {
        if (userId) {
          const taken = this.sql(
            'UPDATE users SET used_cents = used_cents + ? WHERE id = ? AND allocated_cents - used_cents >= ?',
          ).run(cents, userId, cents);
          if (taken.changes === 0) {
            const user = this.sql('SELECT allocated_cents, used_cents FROM users WHERE id = ?').get(
              userId,
            ) as { allocated_cents: number; used_cents: number } | undefined;
            return {
              ok: false,
              reason: 'user-balance',
              remainingCents: user ? user.allocated_cents - user.used_cents : 0,
            };
          }
        }
        const owner = this.sql(
          'UPDATE projects SET owner_credits_cents = owner_credits_cents - ? WHERE id = ? AND owner_credits_cents >= ?',
        ).run(cents, projectId, cents);
        if (owner.changes === 0) throw new OwnerOutOfCredits();
        if (run)
          this.sql(
            `INSERT INTO pending_runs (id, user_id, project_id, cost_cents, video_cents, created_at, owner_process)
               VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ).run(run.id, userId ?? null, projectId, cents, run.videoCents, this.now(), this.owner);
        return { ok: true };
      },
      'IMMEDIATE',
    );
  }

  /**
   * Gives back what a failed run was charged. Never throws: a refund the database refuses (a full
   * disk, the very thing that failed the run) is owed and retried every second until it is
   * written, so the credits come back once there is room again.
   */
  refund(userId: string | undefined, projectId: string, cents: number, runId?: string) {
    if (cents <= 0) {
      if (runId) this.sql('DELETE FROM pending_runs WHERE id = ?').run(runId);
      return;
    }
    this.owed.push({ userId, projectId, cents, runId });
    this.payOwed();
  }

  /** Refunds not yet written; app shutdown tries them once more. */
  get owedRefunds(): number {
    return this.owed.length;
  }

  payOwed(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    while (this.owed.length > 0) {
      const { userId, projectId, cents, runId } = this.owed[0]!;
      try {
        inTransaction(this.db, () => {
          if (runId) this.sql('DELETE FROM pending_runs WHERE id = ?').run(runId);
          if (userId)
            this.sql('UPDATE users SET used_cents = MAX(0, used_cents - ?) WHERE id = ?').run(
              cents,
              userId,
            );
          this.sql(
            'UPDATE projects SET owner_credits_cents = owner_credits_cents + ? WHERE id = ?',
          ).run(cents, projectId);
        });
      } catch {
        this.retry = setTimeout(() => this.payOwed(), 1_000).unref();
        return;
      }
      this.owed.shift();
      // The project row changed too, and it is shared by all its users' cached principals.
      this.principals.forgetAll();
    }
  }

  setOwnerCredits(projectId: string, cents: number) {
    this.sql('UPDATE projects SET owner_credits_cents = ? WHERE id = ?').run(cents, projectId);
    this.principals.forgetAll();
  }

  /** Starts a paid plan: the plan's credits are added to what is left (SPEC.md "Subscription"). */
  startPlan(userId: string, plan: PlanDefinition) {
    const now = this.now();
    this.sql(
      `UPDATE users SET plan_id = ?, plan_status = 'active', plan_started_at = ?, plan_ends_at = ?,
         allocated_cents = allocated_cents + ? WHERE id = ?`,
    ).run(plan.id, now, now + 30 * 24 * 3600 * 1000, plan.creditsCents, userId);
    this.principals.forgetUser(userId);
  }
}

/** Thrown inside the reservation so the user's debit rolls back with it. */
class OwnerOutOfCredits extends Error {}
