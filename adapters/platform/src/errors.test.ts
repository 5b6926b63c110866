import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import { InsufficientBalanceError, PlatformError, RateLimitError, ValidationError } from './errors';
import { CorsRefusedError, NetworkError, TimeoutError } from './transport-errors';
import { BASE_URL, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();
const client = () => new PlatformClient({ baseUrl: BASE_URL, accessToken: 'tok', maxRetries: 0 });

/** Answers GET usage with this status and body, and returns what the client threw. */
async function errorFor(status: number, body: unknown, headers: Record<string, string> = {}) {
  server.use(
    http.get(url('/v1/subscriptions/usage'), () =>
      HttpResponse.json(body as never, {
        status,
        headers: { 'x-request-id': 'req-1', ...headers },
      }),
    ),
  );
  return client()
    .subscriptions.usage()
    .then(
      () => expect.fail('should throw'),
      (error: unknown) => error as PlatformError,
    );
}

describe('PlatformError.fromResponse: one class per row of SPEC.md 8', () => {
  it.each([
    [400, 'VALIDATION_ERROR', 'ValidationError', 'VALIDATION_ERROR', 'none'],
    [401, 'AUTHENTICATION_FAILED', 'AuthenticationError', 'AUTHENTICATION_FAILED', 'sign-in'],
    [403, 'ACCESS_DENIED', 'AccessDeniedError', 'ACCESS_DENIED', 'none'],
    [404, 'NOT_FOUND', 'NotFoundError', 'NOT_FOUND', 'none'],
    [412, 'PRECONDITION_FAILED', 'PreconditionFailedError', 'PRECONDITION_FAILED', 'retry'],
    [409, undefined, 'ConflictError', 'CONFLICT', 'retry'],
    [409, 'IDEMPOTENCY_KEY_IN_USE', 'ConflictError', 'IDEMPOTENCY_KEY_IN_USE', 'retry'],
    [422, 'IDEMPOTENCY_KEY_REUSED', 'IdempotencyKeyReusedError', 'IDEMPOTENCY_KEY_REUSED', 'none'],
    [422, 'OUT_OF_RANGE', 'UnprocessableEntityError', 'OUT_OF_RANGE', 'none'],
    [503, 'WORKFLOW_UNAVAILABLE', 'WorkflowUnavailableError', 'WORKFLOW_UNAVAILABLE', 'wait'],
    [503, 'MAINTENANCE', 'ServiceUnavailableError', 'SERVICE_UNAVAILABLE', 'retry'],
    [418, 'TEAPOT', 'UnknownError', 'TEAPOT', 'none'],
    [500, undefined, 'UnknownError', 'UNKNOWN_ERROR', 'retry'],
  ])('%i with code %s is %s (%s)', async (status, code, name, expectedCode, action) => {
    const error = await errorFor(status, {
      error: { message: 'it broke', code, details: { field: 'model' } },
    });
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({
      name,
      code: expectedCode,
      statusCode: status,
      message: 'it broke',
      requestId: 'req-1',
      action,
    });
    expect(error.details).toEqual({ field: 'model' });
  });

  it("uses 'HTTP {status}' when the answer has no message", async () => {
    const error = await errorFor(502, 'gateway exploded');
    expect(error).toMatchObject({
      name: 'UnknownError',
      message: 'HTTP 502',
      code: 'UNKNOWN_ERROR',
    });
  });

  it('402 PLAN_UPGRADE_REQUIRED carries upgradeUrl, currentPlan, currentLimit and required from context', async () => {
    const error = await errorFor(402, {
      error: {
        message: 'Upgrade needed',
        code: 'PLAN_UPGRADE_REQUIRED',
        context: {
          upgradeUrl: 'https://p.test/subscribe',
          currentPlan: 'free',
          currentLimit: 0.5,
          required: 1.25,
        },
      },
    });
    expect(error).toMatchObject({
      name: 'PlanUpgradeRequiredError',
      code: 'PLAN_UPGRADE_REQUIRED',
      upgradeUrl: 'https://p.test/subscribe',
      currentPlan: 'free',
      currentLimit: 0.5,
      required: 1.25,
      action: 'upgrade',
    });
  });

  it.each([
    [{ message: 'Payment required', code: 'USER_UNSUBSCRIBED' }],
    [{ message: 'User has UNSUBSCRIBED from the project' }],
    [{ message: 'No active Subscription for this project' }],
  ])('402 %j is an UnsubscribedError', async (body) => {
    const error = await errorFor(402, { error: body });
    expect(error).toMatchObject({
      name: 'UnsubscribedError',
      code: 'USER_UNSUBSCRIBED',
      action: 'upgrade',
    });
  });

  it('any other 402 is INSUFFICIENT_BALANCE with remainingCredits and requiredCredits', async () => {
    const error = await errorFor(402, {
      error: {
        message: 'Not enough credits',
        context: { remainingCredits: 0.2, requiredCredits: 0.75 },
      },
    });
    expect(error).toMatchObject({
      name: 'InsufficientBalanceError',
      code: 'INSUFFICIENT_BALANCE',
      remainingCredits: 0.2,
      requiredCredits: 0.75,
      action: 'top-up',
    });
  });

  it('429 is RATE_LIMIT_EXCEEDED with resetTime and retryAfter from context', async () => {
    const error = await errorFor(429, {
      error: {
        message: 'Slow down',
        code: 'RATE_LIMIT_EXCEEDED',
        context: { resetTime: '2030-01-01T00:00:00.000Z', retryAfter: 120 },
      },
    });
    expect(error).toMatchObject({
      name: 'RateLimitError',
      code: 'RATE_LIMIT_EXCEEDED',
      resetTime: '2030-01-01T00:00:00.000Z',
      retryAfter: 120,
      action: 'wait',
    });
  });

  it('429 without retryAfter in the body reads the Retry-After header', async () => {
    const error = await errorFor(429, { error: { message: 'Slow down' } }, { 'retry-after': '90' });
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: 90 });
  });

  it('builds the same classes without a request (error frames, other drivers)', () => {
    const error = PlatformError.fromResponse(402, {
      error: { message: 'x', code: 'PLAN_UPGRADE_REQUIRED' },
    });
    expect(error.name).toBe('PlanUpgradeRequiredError');
    expect(error.requestId).toBeUndefined();
  });
});

describe('PlatformError: what an answer that says little still tells', () => {
  const from = (status: number, body: unknown, headers?: Record<string, string>) =>
    PlatformError.fromResponse(status, body, headers ? new Headers(headers) : undefined);

  it('names itself and its status when the answer has no message', () => {
    const bare = new PlatformError();
    expect(bare).toMatchObject({
      name: 'PlatformError',
      message: 'HTTP error',
      code: 'UNKNOWN_ERROR',
    });
    expect(new PlatformError({ statusCode: 502 }).message).toBe('HTTP 502');
    expect(from(500, 'an HTML error page')).toMatchObject({
      name: 'UnknownError',
      message: 'HTTP 500',
      action: 'retry',
    });
  });

  it('a 402 without a code that speaks of a subscription is Unsubscribed; otherwise a balance problem', () => {
    expect(from(402, { error: { message: 'No active Subscription' } }).name).toBe(
      'UnsubscribedError',
    );
    expect(from(402, { error: { message: 'Not enough credits' } }).name).toBe(
      'InsufficientBalanceError',
    );
  });

  it('reads the balance from details when the context does not carry it', () => {
    expect(
      from(402, {
        error: { message: 'low', details: { remainingCredits: 0.25, requiredCredits: '0.5' } },
      }),
    ).toMatchObject({ remainingCredits: 0.25, requiredCredits: 0.5 });
    const none = from(402, { error: { message: 'low', details: 'nothing useful' } });
    expect(none).toMatchObject({ remainingCredits: undefined, requiredCredits: undefined });
  });

  it('takes numbers, and numbers written as text, and nothing else, as amounts', () => {
    const upgrade = (context: Record<string, unknown>) =>
      from(402, { error: { message: 'x', code: 'PLAN_UPGRADE_REQUIRED', context } });
    expect(
      upgrade({
        upgradeUrl: 'https://p/subscribe',
        currentPlan: 'Free',
        currentLimit: 1,
        required: ' 2.5 ',
      }),
    ).toMatchObject({
      upgradeUrl: 'https://p/subscribe',
      currentPlan: 'Free',
      currentLimit: 1,
      required: 2.5,
    });
    for (const junk of ['', '  ', 'lots', true, null, Infinity, { n: 1 }]) {
      expect(upgrade({ currentLimit: junk, required: junk })).toMatchObject({
        currentLimit: undefined,
        required: undefined,
      });
    }
    expect(upgrade({ upgradeUrl: 42, currentPlan: ['Free'] })).toMatchObject({
      upgradeUrl: undefined,
      currentPlan: undefined,
    });
  });

  it('reads Retry-After as seconds, as an HTTP date, or in milliseconds', () => {
    const now = Date.now();
    const inAMinute = new Date(now + 60_000).toUTCString();
    const dated = from(429, { error: { message: 'slow' } }, { 'retry-after': inAMinute });
    expect(dated.context.retryAfter).toBeGreaterThan(55);
    expect(dated.context.retryAfter).toBeLessThanOrEqual(60);
    const past = from(
      429,
      { error: { message: 'slow' } },
      { 'retry-after': new Date(now - 60_000).toUTCString() },
    );
    expect(past.context.retryAfter).toBe(0);
    expect(from(429, { error: { message: 'slow' } }, { 'retry-after-ms': '1500' }).context).toEqual(
      {
        retryAfter: 1.5,
      },
    );
    expect(from(429, { error: { message: 'slow' } }, { 'retry-after': 'soon' }).context).toEqual(
      {},
    );
  });

  it('adds no retryAfter to a 429 that gave none', () => {
    const error = from(429, { error: { message: 'slow', context: { resetTime: 'later' } } });
    expect(Object.keys(error.context)).toEqual(['resetTime']);
  });
});

describe('error objects as the anchors have them', () => {
  it('carry status beside statusCode', async () => {
    const error = await errorFor(402, { error: { message: 'no credits' } });
    expect(error.status).toBe(402);
    expect(error.statusCode).toBe(402);
  });

  it('pass instanceof across two copies of the client (as its ESM and CommonJS builds)', async () => {
    vi.resetModules();
    const other = await import('./errors');
    const otherTransport = await import('./transport-errors');
    expect(other.PlatformError).not.toBe(PlatformError);
    const theirs = other.PlatformError.fromResponse(402, { error: { message: 'no credits' } });
    expect(theirs instanceof InsufficientBalanceError).toBe(true);
    expect(theirs instanceof PlatformError).toBe(true);
    expect(theirs instanceof Error).toBe(true);
    expect(theirs instanceof RateLimitError).toBe(false);
    expect(new ValidationError({}) instanceof other.ValidationError).toBe(true);
    expect(new ValidationError({}) instanceof other.InsufficientBalanceError).toBe(false);
    const cors = new otherTransport.CorsRefusedError({
      method: 'GET',
      url: 'https://api.test/',
      origin: 'https://app.test',
    });
    expect(cors instanceof NetworkError).toBe(true);
    expect(cors instanceof CorsRefusedError).toBe(true);
    expect(cors instanceof TimeoutError).toBe(false);
    expect({ name: 'ValidationError' } instanceof ValidationError).toBe(false);
    // A caller's own subclass is checked the ordinary way.
    class OwnError extends PlatformError {}
    expect(new PlatformError({}) instanceof OwnError).toBe(false);
    expect(new OwnError({}) instanceof other.PlatformError).toBe(true);
  });
});
