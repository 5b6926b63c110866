import { randomBytes, randomUUID } from 'node:crypto';
import { inTransaction, statementCache, storageFailure, type Db } from './database';
import { FREE_PLAN, type PlanDefinition } from '../billing/plans';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';

export interface ProjectRow {
  id: string;
  api_key: string;
  name: string;
  is_demo: number;
  owner_user_id: string | null;
  owner_credits_cents: number;
  allowed_origins: string;
}

export interface UserRow {
  id: string;
  project_id: string;
  email: string;
  avatar_url: string;
  plan_id: string;
  plan_status: string;
  plan_started_at: number | null;
  plan_ends_at: number | null;
  allocated_cents: number;
  used_cents: number;
}

export type Reservation =
  | { ok: true }
  | { ok: false; reason: 'user-balance'; remainingCents: number }
  | { ok: false; reason: 'owner-balance' };

const avatarFor = (email: string) =>
  `/platform-assets/avatar.svg?seed=${encodeURIComponent(email.toLowerCase())}`;

/** Projects, users, plans and credits. Every money change is one conditional UPDATE, so two runs can never overspend. */
export class AccountsStore {
  private readonly sql: ReturnType<typeof statementCache>;
  /**
   * Users with their project, as every authenticated request reads them. This store makes every
   * change to users and projects, so it forgets an entry whenever it writes one: never stale.
   */
  private readonly principals = new Map<string, { user: UserRow; project: ProjectRow }>();

  private readonly owed: {
    userId: string | undefined;
    projectId: string;
    cents: number;
    runId?: string;
  }[] = [];
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  seedProject(project: {
    id: string;
    apiKey: string;
    name: string;
    isDemo: boolean;
    ownerCents: number;
  }) {
    this.sql(
      `INSERT INTO projects (id, api_key, name, is_demo, owner_credits_cents, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET api_key = excluded.api_key`,
    ).run(
      project.id,
      project.apiKey,
      project.name,
      project.isDemo ? 1 : 0,
      project.ownerCents,
      this.now(),
    );
    this.changed();
  }

  projectById(id: string): ProjectRow | undefined {
    return this.sql('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
  }

  projectByKey(apiKey: string): ProjectRow | undefined {
    return this.sql('SELECT * FROM projects WHERE api_key = ?').get(apiKey) as
      ProjectRow | undefined;
  }

  /** The demo project a user owns, created on first request (POST /v1/platform/projects/demo). */
  demoProjectOf(user: UserRow, ownerCents: number): ProjectRow {
    const existing = this.sql('SELECT * FROM projects WHERE owner_user_id = ? AND is_demo = 1').get(
      user.id,
    ) as ProjectRow | undefined;
    if (existing) return existing;
    const id = `proj_${randomUUID()}`;
    this.sql(
      `INSERT INTO projects (id, api_key, name, is_demo, owner_user_id, owner_credits_cents, created_at)
         VALUES (?, ?, ?, 1, ?, ?, ?)`,
    ).run(
      id,
      `pk_demo_${randomBytes(18).toString('base64url')}`,
      `Demo of ${user.email}`,
      user.id,
      ownerCents,
      this.now(),
    );
    return this.projectById(id) as ProjectRow;
  }

  /**
   * A user and their project in one query: every authenticated request asks for both, and on the
   * hot path each statement round trip into SQLite costs more than the join.
   */
  userWithProject(id: string): { user: UserRow; project: ProjectRow } | undefined {
    // Frozen, not copied per request: no caller can change what the next request reads.
    const cached = this.principals.get(id);
    if (cached) return cached;
    const row = this.sql(
      `SELECT u.*, p.api_key AS p_api_key, p.name AS p_name, p.is_demo AS p_is_demo,
         p.owner_user_id AS p_owner_user_id, p.owner_credits_cents AS p_owner_credits_cents,
         p.allowed_origins AS p_allowed_origins
       FROM users u JOIN projects p ON p.id = u.project_id WHERE u.id = ?`,
    ).get(id) as
      (UserRow & { [K in keyof Omit<ProjectRow, 'id'> as `p_${K}`]: ProjectRow[K] }) | undefined;
    if (!row) return undefined;
    const {
      p_api_key,
      p_name,
      p_is_demo,
      p_owner_user_id,
      p_owner_credits_cents,
      p_allowed_origins,
      ...user
    } = row;
    const found = {
      user: Object.freeze(user),
      project: Object.freeze({
        id: user.project_id,
        api_key: p_api_key,
        name: p_name,
        is_demo: p_is_demo,
        owner_user_id: p_owner_user_id,
        owner_credits_cents: p_owner_credits_cents,
        allowed_origins: p_allowed_origins,
      }),
    };
    this.principals.set(id, found);
    return found;
  }

  /** Called by every method that writes users or projects. */
  private changed(userId?: string) {
    if (userId) this.principals.delete(userId);
    // A project row is shared by its users: any project change forgets them all.
    else this.principals.clear();
  }

  userById(id: string): UserRow | undefined {
    return this.sql('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  }

  /** Signs a person in: the account is created on first sign-in with the Free plan's credits. */
  /** The account's password hash, when one was set (platforms reachable beyond loopback). */
  passwordHash(projectId: string, email: string): string | undefined {
    const row = this.sql('SELECT password_hash FROM users WHERE project_id = ? AND email = ?').get(
      projectId,
      email.trim().toLowerCase(),
    ) as { password_hash: string | null } | undefined;
    return row?.password_hash ?? undefined;
  }

  /**
   * Sets the account's first password: false when it already has one (someone else set it while
   * this sign-in was hashing), so a password is never overwritten by a sign-in.
   */
  claimPassword(userId: string, hash: string): boolean {
    return (
      this.sql('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash IS NULL').run(
        hash,
        userId,
      ).changes === 1
    );
  }

  /** How many accounts have no password (made while the platform listened on loopback only). */
  countWithoutPassword(): number {
    return (
      this.sql('SELECT COUNT(*) AS n FROM users WHERE password_hash IS NULL').get() as { n: number }
    ).n;
  }

  /** Whether signing in with this e-mail would find an account rather than make one. */
  hasUser(projectId: string, email: string): boolean {
    return (
      this.sql('SELECT 1 FROM users WHERE project_id = ? AND email = ?').get(
        projectId,
        email.trim().toLowerCase(),
      ) !== undefined
    );
  }

  signIn(projectId: string, email: string): UserRow {
    const normalized = email.trim().toLowerCase();
    this.sql(
      `INSERT INTO users (id, project_id, email, avatar_url, plan_id, plan_status, allocated_cents, created_at)
         VALUES (?, ?, ?, ?, ?, 'none', ?, ?) ON CONFLICT(project_id, email) DO NOTHING`,
    ).run(
      `user_${randomUUID()}`,
      projectId,
      normalized,
      avatarFor(normalized),
      FREE_PLAN.id,
      FREE_PLAN.creditsCents,
      this.now(),
    );
    return this.sql('SELECT * FROM users WHERE project_id = ? AND email = ?').get(
      projectId,
      normalized,
    ) as UserRow;
  }

  deleteUser(id: string) {
    inTransaction(this.db, () => {
      this.sql('DELETE FROM storage WHERE user_id = ?').run(id);
      this.sql('DELETE FROM checkout_sessions WHERE user_id = ?').run(id);
      this.sql('DELETE FROM users WHERE id = ?').run(id);
    });
    this.changed(id);
  }

  /**
   * Takes the cost from the user (if any) and the project owner together, or from neither. With
   * `run`, the charge is journalled as pending in the same transaction, until recordRun or a
   * refund settles it; one still pending at the next start was cut off by a crash and is refunded.
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
      this.changed();
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
            const user = this.userById(userId);
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
            `INSERT INTO pending_runs (id, user_id, project_id, cost_cents, video_cents, created_at)
               VALUES (?, ?, ?, ?, ?, ?)`,
          ).run(run.id, userId ?? null, projectId, cents, run.videoCents, this.now());
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

  /** The streamed image of a pending run reached the caller: a crash now refunds the video only. */
  markImageDelivered(runId: string) {
    this.sql('UPDATE pending_runs SET image_delivered = 1 WHERE id = ?').run(runId);
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
      this.changed();
    }
  }

  setOwnerCredits(projectId: string, cents: number) {
    this.sql('UPDATE projects SET owner_credits_cents = ? WHERE id = ?').run(cents, projectId);
    this.changed();
  }

  /** Starts a paid plan: the plan's credits are added to what is left (SPEC.md "Subscription"). */
  startPlan(userId: string, plan: PlanDefinition) {
    const now = this.now();
    this.sql(
      `UPDATE users SET plan_id = ?, plan_status = 'active', plan_started_at = ?, plan_ends_at = ?,
         allocated_cents = allocated_cents + ? WHERE id = ?`,
    ).run(plan.id, now, now + 30 * 24 * 3600 * 1000, plan.creditsCents, userId);
    this.changed(userId);
  }

  recordRun(run: {
    id: string;
    userId?: string;
    projectId: string;
    model: string;
    costCents: number;
  }) {
    inTransaction(this.db, () => {
      this.sql(
        'INSERT INTO runs (id, user_id, project_id, model, cost_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(run.id, run.userId ?? null, run.projectId, run.model, run.costCents, this.now());
      this.sql('DELETE FROM pending_runs WHERE id = ?').run(run.id);
    });
  }

  /**
   * Runs a crash cut off (charged, never settled): each is refunded, the whole cost when the
   * caller got nothing, the video's when its streamed image was delivered (then recorded as an
   * image-only run). Answers them so their partial files can be removed.
   */
  settleInterruptedRuns(): { id: string; imageDelivered: boolean }[] {
    const pending = this.db.prepare('SELECT * FROM pending_runs').all() as {
      id: string;
      user_id: string | null;
      project_id: string;
      cost_cents: number;
      video_cents: number;
      image_delivered: number;
    }[];
    for (const run of pending) {
      const delivered = run.image_delivered === 1;
      if (delivered)
        this.recordRun({
          id: run.id,
          userId: run.user_id ?? undefined,
          projectId: run.project_id,
          model: COSTUME_WORKFLOW_ID,
          costCents: run.cost_cents - run.video_cents,
        });
      this.refund(
        run.user_id ?? undefined,
        run.project_id,
        delivered ? run.video_cents : run.cost_cents,
        run.id,
      );
    }
    return pending.map((run) => ({ id: run.id, imageDelivered: run.image_delivered === 1 }));
  }
}

/** Thrown inside the reservation so the user's debit rolls back with it. */
export class OwnerOutOfCredits extends Error {}
