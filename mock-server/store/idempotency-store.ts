import { statementCache, type Db } from './database';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** Answers of POST /v1/run by Idempotency-Key, so a retried run is answered again, never charged again. */
export class IdempotencyStore {
  private readonly inFlight = new Map<string, Promise<StoredAnswer>>();

  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  /** Runs `produce` once per (scope, key); concurrent and later callers get the same answer. */
  async once(
    scope: string,
    key: string,
    produce: () => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    const saved = this.find(scope, key);
    if (saved) return saved;
    const id = `${scope}\n${key}`;
    const running = this.inFlight.get(id);
    if (running) return running;
    const promise = produce()
      .then((answer) => {
        // Failures the caller may retry (rate limits, outages, crashes) are not remembered.
        if (answer.status < 500 && answer.status !== 429) this.save(scope, key, answer);
        return answer;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, promise);
    return promise;
  }

  private find(scope: string, key: string): StoredAnswer | undefined {
    const row = this.sql('SELECT status, body FROM idempotency WHERE scope = ? AND key = ?').get(
      scope,
      key,
    ) as { status: number; body: string } | undefined;
    return row ? { status: row.status, body: JSON.parse(row.body) } : undefined;
  }

  private save(scope: string, key: string, answer: StoredAnswer) {
    this.sql(
      'INSERT OR IGNORE INTO idempotency (scope, key, status, body, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(scope, key, answer.status, JSON.stringify(answer.body), this.now());
  }
}
