import { randomBytes } from 'node:crypto';
import { inTransaction, statementCache, type Db } from './database';

export interface CheckoutSession {
  id: string;
  user_id: string;
  origin: string;
  completed_plan: string | null;
  created_at: number;
}

const SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * A pricing-page visit: the checkout URL names this session, never the user's token, so the token
 * does not travel to the checkout window.
 */
export class CheckoutStore {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  /**
   * The user's open session for this origin, or a new one: viewing the pricing page again (or a
   * script reloading it) reuses the session from the last half hour instead of adding a row a view.
   * Sessions older than their hour are removed as new ones are made.
   */
  open(userId: string, origin: string): string {
    const now = this.now();
    const reusable = this.sql(
      `SELECT id FROM checkout_sessions WHERE user_id = ? AND origin = ? AND completed_plan IS NULL
       AND created_at > ? ORDER BY created_at DESC LIMIT 1`,
    ).get(userId, origin, now - SESSION_TTL_MS / 2) as { id: string } | undefined;
    if (reusable) return reusable.id;
    this.sql('DELETE FROM checkout_sessions WHERE created_at <= ?').run(now - SESSION_TTL_MS);
    const id = randomBytes(18).toString('base64url');
    this.sql(
      'INSERT INTO checkout_sessions (id, user_id, origin, created_at) VALUES (?, ?, ?, ?)',
    ).run(id, userId, origin, now);
    return id;
  }

  find(id: string): CheckoutSession | undefined {
    const row = this.sql('SELECT * FROM checkout_sessions WHERE id = ?').get(id) as
      CheckoutSession | undefined;
    return row && this.now() - row.created_at < SESSION_TTL_MS ? row : undefined;
  }

  /** Marks the session paid and grants the plan in one transaction; false when it was already paid. */
  complete(id: string, planId: string, grant: () => void): boolean {
    return inTransaction(this.db, () => {
      const marked = this.sql(
        'UPDATE checkout_sessions SET completed_plan = ? WHERE id = ? AND completed_plan IS NULL',
      ).run(planId, id);
      if (marked.changes !== 1) return false;
      grant();
      return true;
    });
  }
}
