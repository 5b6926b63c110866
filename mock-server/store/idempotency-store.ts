import { statementCache, type Db } from './database';
import { PlatformError } from '../http/platform-error';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * The status of a run whose every caller went away before its answer was delivered: it was
 * stopped uncharged, so it is never kept for its key, and the key's next request runs afresh.
 */
export const ABANDONED_STATUS = 499;

/** Whether anybody still waits for a run's answer; asked by the run before it charges. */
export type StillWanted = () => boolean;

/** How long an answer is kept for its key, and the largest answer kept (a run answer holds URLs). */
export const IDEMPOTENCY_LIMITS = { ttlMs: 24 * 60 * 60 * 1000, answerBytes: 256 * 1024 } as const;

const keyReused = () =>
  new PlatformError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used with a different request: send a new key.',
  );

/**
 * Answers of POST /v1/run by Idempotency-Key, so a retried run is answered again, never charged
 * again. As Stripe does: a key belongs to one caller (scope), is bound to the request it first came
 * with (a fingerprint of it; another request with the same key is a 422), and is kept for 24 h.
 */
export class IdempotencyStore {
  private readonly inFlight = new Map<
    string,
    {
      fingerprint: string;
      answer: Promise<StoredAnswer>;
      /** The connections waiting for it (undefined: a caller that cannot go away). */
      callers: Set<AbortSignal | undefined>;
    }
  >();

  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.sql = statementCache(db);
  }

  /**
   * Runs `produce` once per (scope, key); concurrent and later callers get the same answer. A
   * caller whose connection closes (`caller` aborts) stops waiting; `produce` is told through
   * `wanted` whether anybody still waits, and a run nobody waits for any more ends uncharged
   * (ABANDONED_STATUS), is not kept, and the key's next request runs it afresh. A caller that
   * joins a run before it ends keeps it wanted and gets its answer.
   */
  async once(
    scope: string,
    key: string,
    fingerprint: string,
    produce: (wanted: StillWanted) => Promise<StoredAnswer>,
    caller?: AbortSignal,
  ): Promise<StoredAnswer> {
    const saved = this.find(scope, key);
    if (saved) {
      if (saved.fingerprint !== fingerprint) throw keyReused();
      return saved.answer;
    }
    const id = `${scope}\n${key}`;
    const running = this.inFlight.get(id);
    if (running) {
      if (running.fingerprint !== fingerprint) throw keyReused();
      running.callers.add(caller);
      const answer = await running.answer;
      // Abandoned by the callers before this one joined, just as it ended: run it for this one.
      if (answer.status === ABANDONED_STATUS && !caller?.aborted)
        return this.once(scope, key, fingerprint, produce, caller);
      return answer;
    }
    const callers = new Set<AbortSignal | undefined>([caller]);
    const wanted = () => [...callers].some((signal) => !signal?.aborted);
    const answer = produce(wanted)
      .then((answer) => {
        // Failures the caller may retry (rate limits, outages, crashes) and runs nobody waited
        // for are not remembered.
        if (answer.status < 500 && answer.status !== 429 && answer.status !== ABANDONED_STATUS)
          this.save(scope, key, fingerprint, answer);
        return answer;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, { fingerprint, answer, callers });
    return answer;
  }

  private find(scope: string, key: string) {
    const row = this.sql(
      'SELECT status, body, request_hash FROM idempotency WHERE scope = ? AND key = ? AND created_at > ?',
    ).get(scope, key, this.now() - IDEMPOTENCY_LIMITS.ttlMs) as
      { status: number; body: string; request_hash: string | null } | undefined;
    if (!row) return undefined;
    return {
      fingerprint: row.request_hash ?? '',
      answer: { status: row.status, body: JSON.parse(row.body) } as StoredAnswer,
    };
  }

  private save(scope: string, key: string, fingerprint: string, answer: StoredAnswer) {
    const body = JSON.stringify(answer.body);
    // Too large to keep: a retry with this key runs again rather than the store growing unbounded.
    if (body.length > IDEMPOTENCY_LIMITS.answerBytes) return;
    const now = this.now();
    this.sql('DELETE FROM idempotency WHERE created_at <= ?').run(now - IDEMPOTENCY_LIMITS.ttlMs);
    this.sql(
      'INSERT OR REPLACE INTO idempotency (scope, key, status, body, request_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(scope, key, answer.status, body, fingerprint, now);
  }
}
