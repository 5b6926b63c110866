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

  open(userId: string, origin: string): string {
    const id = randomBytes(18).toString('base64url');
    this.sql(
      'INSERT INTO checkout_sessions (id, user_id, origin, created_at) VALUES (?, ?, ?, ?)',
    ).run(id, userId, origin, this.now());
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
