import { inTransaction, statementCache, type Db } from './database';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import type { CreditsLedger } from './credits-ledger';
import { currentProcess, isRunning } from './data-dir-lock';

/** How a costume run ended, as GET /v1/runs/:id tells it. */
export type SettledStatus = 'succeeded' | 'failed' | 'cancelled';

/** A settled run as its owner may read it: what was delivered and what that cost. */
export interface RunRecord {
  id: string;
  model: string;
  status: SettledStatus | 'running';
  output: unknown[];
  costCents: number;
}

/**
 * Costume runs: each recorded once answered; one charged and never settled (pending_runs, written
 * with its charge by CreditsLedger.reserve) was cut off by a crash and is refunded at the next start.
 */
export class RunsJournal {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly credits: CreditsLedger,
  ) {
    this.sql = statementCache(db);
  }

  recordRun(run: {
    id: string;
    userId?: string;
    projectId: string;
    model: string;
    costCents: number;
    owner?: string;
    status?: SettledStatus;
    output?: unknown[];
  }) {
    inTransaction(this.db, () => {
      this.sql(
        `INSERT INTO runs (id, user_id, project_id, model, cost_cents, created_at, owner, status, output)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        run.id,
        run.userId ?? null,
        run.projectId,
        run.model,
        run.costCents,
        this.now(),
        run.owner ?? null,
        run.status ?? 'succeeded',
        run.output ? JSON.stringify(run.output) : null,
      );
      this.sql('DELETE FROM pending_runs WHERE id = ?').run(run.id);
    });
  }

  /** A settled run of this owner made after `since` (the retention window), else undefined. */
  find(id: string, owner: string, since: number): RunRecord | undefined {
    const row = this.sql(
      'SELECT model, status, output, cost_cents FROM runs WHERE id = ? AND owner = ? AND created_at > ?',
    ).get(id, owner, since) as
      | { model: string; status: SettledStatus; output: string | null; cost_cents: number }
      | undefined;
    if (!row) return undefined;
    const output = row.output ? (JSON.parse(row.output) as unknown[]) : [];
    return { id, model: row.model, status: row.status, output, costCents: row.cost_cents };
  }

  /** The streamed image of a pending run reached the caller: a crash now refunds the video only. */
  markImageDelivered(runId: string) {
    this.sql('UPDATE pending_runs SET image_delivered = 1 WHERE id = ?').run(runId);
  }

  /**
   * Runs a crash cut off (charged, never settled, their process gone): each is refunded, the whole cost when the
   * caller got nothing, the video's when its streamed image was delivered (then recorded as an
   * image-only run). Answers them so their partial files can be removed.
   */
  settleInterruptedRuns(): { id: string; imageDelivered: boolean }[] {
    const me = currentProcess();
    const rows = this.db.prepare('SELECT * FROM pending_runs').all() as {
      id: string;
      user_id: string | null;
      project_id: string;
      cost_cents: number;
      video_cents: number;
      image_delivered: number;
      owner_process: string | null;
    }[];
    // A run of a platform still running is its to settle (issue 41: a second platform refunded
    // the first one's live runs); one of this process is of an app closed before this one.
    const pending = rows.filter(
      (run) => !run.owner_process || run.owner_process === me || !isRunning(run.owner_process),
    );
    for (const run of pending) {
      const delivered = run.image_delivered === 1;
      if (delivered)
        this.recordRun({
          id: run.id,
          userId: run.user_id ?? undefined,
          projectId: run.project_id,
          model: COSTUME_WORKFLOW_ID,
          costCents: run.cost_cents - run.video_cents,
          status: 'cancelled',
        });
      this.credits.refund(
        run.user_id ?? undefined,
        run.project_id,
        delivered ? run.video_cents : run.cost_cents,
        run.id,
      );
    }
    return pending.map((run) => ({ id: run.id, imageDelivered: run.image_delivered === 1 }));
  }
}
