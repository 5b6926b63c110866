import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';
import { PlatformError, type RateLimitError } from '../errors';
import { MAX_RETRY_AFTER_SECONDS, resetAt, retryAfterSeconds, retryDelay, sleep } from './retry';
import { BASE_URL, url, useMswServer } from '../../../../tests/support/msw-server';

const server = useMswServer();
const balance = {
  credits: { userBalance: { allocatedCredits: 1, usedCredits: 0, remainingCredits: 1 } },
};
const fail = (
  status: number,
  error: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => HttpResponse.json({ error: { message: `failed ${status}`, ...error } }, { status, headers });

/** Serves these answers in order to GET usage (the last one repeats) and counts the calls. */
function usageAnswers(...answers: (() => Response)[]) {
  const calls = { count: 0 };
  server.use(
    http.get(url('/v1/subscriptions/usage'), () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count++;
      return answer();
    }),
  );
  return calls;
}

const client = (maxRetries = 2) =>
  new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', maxRetries });
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value, error: undefined as PlatformError | undefined }),
    (error: PlatformError) => ({ value: undefined, error }),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('retries (DESIGN.md maxRetries)', () => {
  it.each([408, 429, 500, 502, 503])('retries %i and succeeds', async (status) => {
    const calls = usageAnswers(
      () => fail(status),
      () => HttpResponse.json(balance),
    );
    const result = settle(client().subscriptions.usage());
    await vi.runAllTimersAsync();
    expect((await result).value).toEqual(balance.credits.userBalance);
    expect(calls.count).toBe(2);
  });

  it('retries network errors', async () => {
    const calls = usageAnswers(
      () => HttpResponse.error(),
      () => HttpResponse.json(balance),
    );
    const result = settle(client().subscriptions.usage());
    await vi.runAllTimersAsync();
    expect((await result).value).toEqual(balance.credits.userBalance);
    expect(calls.count).toBe(2);
  });

  it.each([400, 401, 402, 403, 404])('never retries %i', async (status) => {
    const calls = usageAnswers(() => fail(status));
    const result = settle(client().subscriptions.usage());
    await vi.runAllTimersAsync();
    expect((await result).error?.statusCode).toBe(status);
    expect(calls.count).toBe(1);
  });

  it('never retries WORKFLOW_UNAVAILABLE: only the owner adding credits fixes it', async () => {
    const calls = usageAnswers(() => fail(503, { code: 'WORKFLOW_UNAVAILABLE' }));
    const result = settle(client().subscriptions.usage());
    await vi.runAllTimersAsync();
    expect((await result).error?.name).toBe('WorkflowUnavailableError');
    expect(calls.count).toBe(1);
  });

  it('gives up after maxRetries retries with the last error', async () => {
    const calls = usageAnswers(() => fail(500));
    const result = settle(client(2).subscriptions.usage());
    await vi.runAllTimersAsync();
    expect((await result).error?.name).toBe('UnknownError');
    expect(calls.count).toBe(3);
  });

  it('backs off exponentially with jitter: 500 ms then 1000 ms, each cut by up to a quarter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.2);
    const calls = usageAnswers(() => fail(500));
    const result = settle(client(2).subscriptions.usage());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(474);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(949);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(3);
    await result;
    vi.restoreAllMocks();
  });

  it('honours Retry-After (seconds) on a 429', async () => {
    const calls = usageAnswers(
      () => fail(429, {}, { 'retry-after': '3' }),
      () => HttpResponse.json(balance),
    );
    const result = settle(client().subscriptions.usage());
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    expect((await result).value).toEqual(balance.credits.userBalance);
  });

  it("honours the body's retryAfter on a 429", async () => {
    const calls = usageAnswers(
      () => fail(429, { context: { retryAfter: 2 } }),
      () => HttpResponse.json(balance),
    );
    const result = settle(client().subscriptions.usage());
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    await result;
  });

  it('does not wait out a Retry-After longer than a minute: the app is told to wait', async () => {
    const calls = usageAnswers(() => fail(429, { context: { retryAfter: 3600 } }));
    const result = settle(client().subscriptions.usage());
    await vi.advanceTimersByTimeAsync(0);
    expect((await result).error).toMatchObject({
      name: 'RateLimitError',
      retryAfter: 3600,
      action: 'wait',
    });
    expect(calls.count).toBe(1);
  });

  it('a long 429 pauses the shared queue until resetTime, so other calls wait too', async () => {
    const resetTime = new Date(Date.now() + 10_000).toISOString();
    const usage = usageAnswers(
      () => fail(429, { context: { retryAfter: 10, resetTime } }),
      () => HttpResponse.json(balance),
    );
    let planCalls = 0;
    server.use(
      http.get(url('/v1/subscriptions/plan'), () => {
        planCalls++;
        return HttpResponse.json({
          userPlan: { planId: null, status: 'none', startedAt: null, endsAt: null, plan: null },
        });
      }),
    );
    const shared = client();
    const first = settle(shared.subscriptions.usage());
    await vi.advanceTimersByTimeAsync(0);
    expect(usage.count).toBe(1);
    const other = settle(shared.subscriptions.status());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(planCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(planCalls).toBe(1);
    expect(usage.count).toBe(2);
    expect((await first).value).toEqual(balance.credits.userBalance);
    expect((await other).value).toMatchObject({ status: 'none' });
  });
  it('a long 429 given up on (maxRetries 0) still holds back the next call until it lifts', async () => {
    const usage = usageAnswers(
      () => fail(429, { context: { retryAfter: 30 } }),
      () => HttpResponse.json(balance),
    );
    const shared = client(0);
    expect((await settle(shared.subscriptions.usage())).error?.name).toBe('RateLimitError');
    const next = settle(shared.subscriptions.usage());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(usage.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(usage.count).toBe(2);
    expect((await next).value).toEqual(balance.credits.userBalance);
  });
});

describe('POST /v1/run is retried only when it surely never started', () => {
  /** Serves these answers to POST /v1/run in order and records each request's Idempotency-Key. */
  function runAnswers(...answers: (() => Response)[]) {
    const keys: (string | null)[] = [];
    server.use(
      http.post(url('/v1/run'), ({ request }) => {
        const answer = answers[Math.min(keys.length, answers.length - 1)]!;
        keys.push(request.headers.get('idempotency-key'));
        return answer();
      }),
    );
    return keys;
  }
  const run = (c = client()) => settle(c.run.create({ model: 'workflow/x', input: { a: 1 } }));

  it('retries a run that got no answer, with the same Idempotency-Key', async () => {
    const keys = runAnswers(
      () => HttpResponse.error(),
      () => HttpResponse.json({ output: ['done'] }),
    );
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).value).toMatchObject({ output: ['done'] });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a new run gets a new key', async () => {
    const keys = runAnswers(() => HttpResponse.json({ output: [] }));
    const c = client();
    await run(c);
    await run(c);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('does not retry a 5xx that may have started the run', async () => {
    const keys = runAnswers(() => fail(500));
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).error?.statusCode).toBe(500);
    expect(keys).toHaveLength(1);
  });

  it('retries a 503 the server marks as not started (details.started false), and 429s', async () => {
    const keys = runAnswers(
      () => fail(503, { details: { started: false } }),
      () => fail(429, {}, { 'retry-after': '1' }),
      () => HttpResponse.json({ output: ['ok'] }),
    );
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).value).toMatchObject({ output: ['ok'] });
    expect(new Set(keys)).toHaveProperty('size', 1);
    expect(keys).toHaveLength(3);
  });

  it('retries a run the platform says it charged nothing for (context.charged false), with the same key', async () => {
    const keys = runAnswers(
      () => fail(500, { code: 'WORKFLOW_FAILED', context: { charged: false } }),
      () => HttpResponse.json({ output: ['ok'] }),
    );
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).value).toMatchObject({ output: ['ok'] });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not retry a failure that kept part of its charge (context.charged a price)', async () => {
    const keys = runAnswers(() =>
      fail(500, { code: 'WORKFLOW_FAILED', context: { charged: 0.3 } }),
    );
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).error?.code).toBe('WORKFLOW_FAILED');
    expect(keys).toHaveLength(1);
  });

  it('never retries a 402: quota is not a rate limit', async () => {
    const keys = runAnswers(() =>
      fail(402, { context: { remainingCredits: 0, requiredCredits: 1 } }),
    );
    const result = run();
    await vi.runAllTimersAsync();
    expect((await result).error?.name).toBe('InsufficientBalanceError');
    expect(keys).toHaveLength(1);
  });
});

describe('retry arithmetic, one rule at a time', () => {
  const limited = (context: Record<string, unknown>, headers?: Record<string, string>) =>
    PlatformError.fromResponse(
      429,
      { error: { message: 'slow down', context } },
      new Headers(headers),
    );
  const serverError = (headers?: Record<string, string>) =>
    PlatformError.fromResponse(500, { error: { message: 'boom' } }, new Headers(headers));
  const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

  describe('retryAfterSeconds', () => {
    it("takes a 429's retryAfter, even 0", () => {
      expect(retryAfterSeconds(limited({ retryAfter: 7 }))).toBe(7);
      expect(retryAfterSeconds(limited({ retryAfter: 0 }, { 'retry-after': '9' }))).toBe(0);
    });

    it('reads any other answer’s Retry-After header, and nothing without one', () => {
      expect(retryAfterSeconds(serverError({ 'retry-after': '4' }))).toBe(4);
      expect(retryAfterSeconds(serverError({ 'retry-after-ms': '1500' }))).toBe(1.5);
      expect(retryAfterSeconds(serverError())).toBeUndefined();
      expect(retryAfterSeconds(new PlatformError({ statusCode: 500 }))).toBeUndefined();
    });
  });

  describe('retryDelay', () => {
    it('waits exactly what the platform asked, from 0 s up to a minute', () => {
      expect(retryDelay(limited({ retryAfter: 0 }), 3, () => 0.9)).toBe(0);
      expect(retryDelay(limited({ retryAfter: 2.5 }), 0, () => 0.9)).toBe(2500);
      expect(retryDelay(limited({ retryAfter: MAX_RETRY_AFTER_SECONDS }), 0)).toBe(60_000);
    });

    it('backs off on its own when the ask is over a minute or negative', () => {
      expect(retryDelay(limited({ retryAfter: MAX_RETRY_AFTER_SECONDS + 1 }), 0, () => 0)).toBe(
        500,
      );
      expect(retryDelay(limited({ retryAfter: -1 }), 1, () => 0)).toBe(1000);
    });

    it('doubles from 500 ms per retry and stops doubling at 8 s', () => {
      const delays = [0, 1, 2, 3, 4, 5, 9].map((retry) =>
        retryDelay(serverError(), retry, () => 0),
      );
      expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    });

    it('cuts each wait by a random share of at most a quarter', () => {
      expect(retryDelay(serverError(), 2, () => 1)).toBe(1500);
      expect(retryDelay(serverError(), 2, () => 0.5)).toBe(1750);
    });
  });

  describe('resetAt', () => {
    const rateLimit = (context: Record<string, unknown>, headers?: Record<string, string>) =>
      limited(context, headers) as RateLimitError;

    it('reads resetTime as epoch seconds below 10^12 and as epoch ms from there', () => {
      expect(resetAt(rateLimit({ resetTime: 1_800_000_000 }), NOW)).toBe(1_800_000_000_000);
      expect(resetAt(rateLimit({ resetTime: 999_999_999_999 }), NOW)).toBe(999_999_999_999_000);
      expect(resetAt(rateLimit({ resetTime: 1e12 }), NOW)).toBe(1e12);
      expect(resetAt(rateLimit({ resetTime: 1_800_000_000_000 }), NOW)).toBe(1_800_000_000_000);
    });

    it('reads an ISO resetTime, and falls back to now + retryAfter when it is not a date', () => {
      expect(resetAt(rateLimit({ resetTime: '2026-11-25T12:00:30Z' }), NOW)).toBe(NOW + 30_000);
      expect(resetAt(rateLimit({ resetTime: 'soon', retryAfter: 12 }), NOW)).toBe(NOW + 12_000);
      expect(resetAt(rateLimit({}, { 'retry-after': '5' }), NOW)).toBe(NOW + 5000);
    });

    it('knows nothing when the answer says nothing', () => {
      expect(resetAt(rateLimit({}), NOW)).toBeUndefined();
      expect(resetAt(rateLimit({ resetTime: 'soon' }), NOW)).toBeUndefined();
    });
  });

  describe('sleep', () => {
    it('resolves after the time and leaves no listener on the signal', async () => {
      const controller = new AbortController();
      const removed = vi.spyOn(controller.signal, 'removeEventListener');
      let done = false;
      void sleep(1000, controller.signal).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    });

    it('rejects at once, with the reason, on a signal aborted before or during the wait', async () => {
      const before = AbortSignal.abort('gone');
      await expect(sleep(1000, before)).rejects.toMatchObject({
        name: 'AbortError',
        cause: 'gone',
      });

      const controller = new AbortController();
      const waiting = sleep(60_000, controller.signal);
      controller.abort('user');
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError', cause: 'user' });
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
