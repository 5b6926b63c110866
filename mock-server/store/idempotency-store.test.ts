import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database';
import {
  ABANDONED_STATUS,
  IDEMPOTENCY_LIMITS,
  IdempotencyStore,
  type StillWanted,
  type StoredAnswer,
} from './idempotency-store';

/** A store on its own in-memory database, with a clock the test moves. */
function store() {
  const clock = { now: 1_000_000 };
  const db = openDatabase(':memory:');
  return { clock, db, store: new IdempotencyStore(db, () => clock.now) };
}

/** A produce function that answers `answers` in turn and counts its calls. */
function producer(...answers: StoredAnswer[]) {
  const produce = vi.fn(
    async () => answers[Math.min(produce.mock.calls.length - 1, answers.length - 1)]!,
  );
  return produce;
}

const ok = (body: unknown = { output: ['a.png'] }): StoredAnswer => ({ status: 200, body });

describe('IdempotencyStore: a retried run is answered again, never run again', () => {
  it('answers the first answer to a later call with the same key and request', async () => {
    const { store: idempotency } = store();
    const produce = producer(ok({ n: 1 }), ok({ n: 2 }));
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok({ n: 1 }));
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok({ n: 1 }));
    expect(produce).toHaveBeenCalledTimes(1);
  });

  it('runs once for calls that arrive while the first still runs, and each gets its answer', async () => {
    const { store: idempotency } = store();
    let finish = (_: StoredAnswer) => {};
    const produce = vi.fn(() => new Promise<StoredAnswer>((resolve) => (finish = resolve)));
    const first = idempotency.once('user:1', 'k', 'req', produce);
    const second = idempotency.once('user:1', 'k', 'req', produce);
    finish(ok());
    expect(await Promise.all([first, second])).toEqual([ok(), ok()]);
    expect(produce).toHaveBeenCalledTimes(1);
  });

  it('refuses the key with a different request, whether the first is done or still running (422)', async () => {
    const { store: idempotency } = store();
    let finish = (_: StoredAnswer) => {};
    const first = idempotency.once('user:1', 'k', 'req', () => new Promise((r) => (finish = r)));
    const reused = { statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' };
    await expect(idempotency.once('user:1', 'k', 'other', producer(ok()))).rejects.toMatchObject(
      reused,
    );
    finish(ok());
    await first;
    await expect(idempotency.once('user:1', 'k', 'other', producer(ok()))).rejects.toMatchObject(
      reused,
    );
  });

  it('keeps keys per caller: the same key from another user runs their own request', async () => {
    const { store: idempotency } = store();
    await idempotency.once('user:1', 'k', 'req', producer(ok({ who: 1 })));
    const theirs = producer(ok({ who: 2 }));
    expect(await idempotency.once('user:2', 'k', 'other', theirs)).toEqual(ok({ who: 2 }));
    expect(theirs).toHaveBeenCalledTimes(1);
  });

  it.each([500, 502, 503, 429])('does not remember a %i: the retry runs again', async (status) => {
    const { store: idempotency } = store();
    const produce = producer({ status, body: { error: {} } }, ok());
    expect((await idempotency.once('user:1', 'k', 'req', produce)).status).toBe(status);
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok());
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it.each([400, 402, 409, 422])(
    'remembers a %i: the same request gets the same refusal',
    async (status) => {
      const { store: idempotency } = store();
      const produce = producer({ status, body: { error: { code: 'X' } } }, ok());
      await idempotency.once('user:1', 'k', 'req', produce);
      expect((await idempotency.once('user:1', 'k', 'req', produce)).status).toBe(status);
      expect(produce).toHaveBeenCalledTimes(1);
    },
  );

  it('tells the run nobody waits once every caller went away, and forgets the abandoned run', async () => {
    const { store: idempotency } = store();
    let finish = (_: StoredAnswer) => {};
    let wanted: StillWanted = () => true;
    const produce = vi.fn(
      (stillWanted: StillWanted) =>
        new Promise<StoredAnswer>((resolve) => {
          wanted = stillWanted;
          finish = resolve;
        }),
    );
    const [a, b] = [new AbortController(), new AbortController()];
    const first = idempotency.once('user:1', 'k', 'req', produce, a.signal);
    const second = idempotency.once('user:1', 'k', 'req', produce, b.signal);
    a.abort();
    expect(wanted()).toBe(true);
    b.abort();
    expect(wanted()).toBe(false);
    finish({ status: ABANDONED_STATUS, body: { error: { code: 'RUN_ABANDONED' } } });
    expect((await first).status).toBe(ABANDONED_STATUS);
    expect((await second).status).toBe(ABANDONED_STATUS);
    // Not kept: the key's next request runs afresh.
    const next = idempotency.once('user:1', 'k', 'req', produce);
    finish(ok());
    expect(await next).toEqual(ok());
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('forgets a request that threw, so its retry runs', async () => {
    const { store: idempotency } = store();
    const produce = vi
      .fn<() => Promise<StoredAnswer>>()
      .mockRejectedValueOnce(new Error('crash'))
      .mockResolvedValue(ok());
    await expect(idempotency.once('user:1', 'k', 'req', produce)).rejects.toThrow('crash');
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok());
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('keeps an answer for 24 hours, and not a millisecond longer', async () => {
    const { clock, store: idempotency } = store();
    const produce = producer(ok({ n: 1 }), ok({ n: 2 }));
    await idempotency.once('user:1', 'k', 'req', produce);
    clock.now += IDEMPOTENCY_LIMITS.ttlMs - 1;
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok({ n: 1 }));
    clock.now += 1;
    expect(await idempotency.once('user:1', 'k', 'req', produce)).toEqual(ok({ n: 2 }));
    // An expired key is free again, for any request.
    clock.now += IDEMPOTENCY_LIMITS.ttlMs;
    expect((await idempotency.once('user:1', 'k', 'new', producer(ok({ n: 3 })))).body).toEqual({
      n: 3,
    });
  });

  it('clears expired answers from the table when it saves one', async () => {
    const { clock, db, store: idempotency } = store();
    await idempotency.once('user:1', 'old', 'req', producer(ok()));
    clock.now += IDEMPOTENCY_LIMITS.ttlMs;
    await idempotency.once('user:1', 'new', 'req', producer(ok()));
    const keys = db.prepare('SELECT key FROM idempotency').all() as { key: string }[];
    expect(keys.map((row) => row.key)).toEqual(['new']);
  });

  it('keeps answers up to 256 KiB; a larger one runs again on retry instead of filling the store', async () => {
    const { store: idempotency } = store();
    // JSON.stringify of a string adds its two quotes.
    const atLimit = ok('x'.repeat(IDEMPOTENCY_LIMITS.answerBytes - 2));
    const keep = producer(atLimit, ok());
    await idempotency.once('user:1', 'big', 'req', keep);
    expect(await idempotency.once('user:1', 'big', 'req', keep)).toEqual(atLimit);
    const tooBig = producer(ok('x'.repeat(IDEMPOTENCY_LIMITS.answerBytes - 1)), ok());
    await idempotency.once('user:1', 'bigger', 'req', tooBig);
    expect(await idempotency.once('user:1', 'bigger', 'req', tooBig)).toEqual(ok());
  });

  it('answers from the table after a restart', async () => {
    const { clock, db, store: idempotency } = store();
    await idempotency.once('user:1', 'k', 'req', producer(ok({ n: 1 })));
    const restarted = new IdempotencyStore(db, () => clock.now);
    const produce = producer(ok({ n: 2 }));
    expect(await restarted.once('user:1', 'k', 'req', produce)).toEqual(ok({ n: 1 }));
    expect(produce).not.toHaveBeenCalled();
    await expect(restarted.once('user:1', 'k', 'other', produce)).rejects.toMatchObject({
      statusCode: 422,
    });
  });
});
