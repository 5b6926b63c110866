import { statementCache, type Db } from './database';

/**
 * Access tokens ended by sign-out, by their jti, until they would have expired anyway. Read on
 * every authenticated request, so the ids live in memory too; the table keeps them across restarts.
 */
export class RevocationStore {
  private readonly revoked = new Map<string, number>();
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
    this.sql('DELETE FROM revoked_tokens WHERE expires_at <= ?').run(this.now());
    const rows = db.prepare('SELECT jti, expires_at FROM revoked_tokens').all() as {
      jti: string;
      expires_at: number;
    }[];
    for (const row of rows) this.revoked.set(row.jti, row.expires_at);
  }

  /** Ends the token for good; expiresAt (epoch ms) is when it would have ended by itself. */
  revoke(jti: string, expiresAt: number): void {
    this.sql('INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)').run(
      jti,
      expiresAt,
    );
    this.revoked.set(jti, expiresAt);
    if (this.revoked.size % 1_000 === 0) this.forgetExpired();
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  private forgetExpired() {
    const now = this.now();
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
    this.sql('DELETE FROM revoked_tokens WHERE expires_at <= ?').run(now);
  }
}
