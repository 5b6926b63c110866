import { randomUUID } from 'node:crypto';
import { inTransaction, statementCache, type Db } from './database';
import { FREE_PLAN } from '../billing/plans';
import type { ProjectRow, SignedInRows, UserRow } from './account-rows';
import type { PrincipalCache } from './principal-cache';

const avatarFor = (email: string) =>
  `/platform-assets/avatar.svg?seed=${encodeURIComponent(email.toLowerCase())}`;

/** Users of a project, found by id or e-mail, made on first sign-in, with their password hash. */
export class UsersStore {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly principals: PrincipalCache,
  ) {
    this.sql = statementCache(db);
  }

  /**
   * A user and their project in one query: every authenticated request asks for both, and on the
   * hot path each statement round trip into SQLite costs more than the join.
   */
  userWithProject(id: string): SignedInRows | undefined {
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

  userById(id: string): UserRow | undefined {
    return this.sql('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
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

  /** Signs a person in: the account is created on first sign-in with the Free plan's credits. */
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

  /** Deletes the account with its stored data and checkout sessions. */
  deleteUser(id: string) {
    inTransaction(this.db, () => {
      this.sql('DELETE FROM storage WHERE user_id = ?').run(id);
      this.sql('DELETE FROM checkout_sessions WHERE user_id = ?').run(id);
      this.sql('DELETE FROM users WHERE id = ?').run(id);
    });
    this.principals.forgetUser(id);
  }

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
}
