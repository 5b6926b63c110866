// The client's errors become the domain's once, at the ports: every row of SPEC.md section 8 as
// the client reads it from a real answer, and the failures of reaching the platform at all.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainErrorCode } from '../../domain/errors';
import { PlatformClient } from '../platform/src';
import { BASE_URL, url, useMswServer } from '../../tests/support/msw-server';
import { PlatformBilling } from './billing';
import { PlatformRemoteStorage } from './remote-storage';
import { PlatformRunner } from './runner';

const server = useMswServer();
const newClient = (options = {}) =>
  new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', maxRetries: 0, ...options });

const answer = (status: number, code: string | undefined, context: Record<string, unknown> = {}) =>
  HttpResponse.json(
    { error: { message: `refused ${status}`, code, context } },
    { status, headers: { 'x-request-id': 'req-9' } },
  );

/** What a failed balance read throws, the answer given. */
async function balanceFailure(reply: () => Response): Promise<unknown> {
  server.use(http.get(url('/v1/subscriptions/usage'), reply));
  return new PlatformBilling(newClient()).getBalance().catch((error: unknown) => error);
}

describe('toDomainError at the platform ports', () => {
  it.each<[number, string | undefined, DomainErrorCode]>([
    [400, 'VALIDATION_ERROR', 'VALIDATION_ERROR'],
    [401, 'AUTHENTICATION_FAILED', 'AUTHENTICATION_FAILED'],
    [402, 'USER_UNSUBSCRIBED', 'USER_UNSUBSCRIBED'],
    [403, 'ACCESS_DENIED', 'ACCESS_DENIED'],
    [404, 'NOT_FOUND', 'NOT_FOUND'],
    [412, 'PRECONDITION_FAILED', 'PRECONDITION_FAILED'],
    [503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'],
    [503, 'WORKFLOW_UNAVAILABLE', 'WORKFLOW_UNAVAILABLE'],
    [418, undefined, 'UNKNOWN_ERROR'],
  ])(
    'HTTP %i %s becomes %s, with its message, status and request id',
    async (status, code, want) => {
      const error = await balanceFailure(() => answer(status, code));
      expect(isDomainError(error)).toBe(true);
      expect(error).toMatchObject({
        code: want,
        message: `refused ${status}`,
        statusCode: status,
        requestId: 'req-9',
      });
    },
  );

  it('keeps the amounts of a 402 for the dialogs', async () => {
    const short = await balanceFailure(() =>
      answer(402, 'INSUFFICIENT_BALANCE', { remainingCredits: 0.1, requiredCredits: 0.35 }),
    );
    expect(short).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      remainingCredits: 0.1,
      requiredCredits: 0.35,
    });
    const plan = await balanceFailure(() =>
      answer(402, 'PLAN_UPGRADE_REQUIRED', {
        upgradeUrl: 'https://x/up',
        currentPlan: 'free',
        currentLimit: 0.5,
        required: 1.25,
      }),
    );
    expect(plan).toMatchObject({
      code: 'PLAN_UPGRADE_REQUIRED',
      upgradeUrl: 'https://x/up',
      currentPlan: 'free',
      currentLimit: 0.5,
      required: 1.25,
    });
  });

  it('keeps how long a 429 asks to wait', async () => {
    const error = await balanceFailure(() =>
      HttpResponse.json(
        { error: { message: 'slow', code: 'RATE_LIMIT_EXCEEDED' } },
        { status: 429, headers: { 'retry-after': '7' } },
      ),
    );
    expect(error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: 7 });
  });

  it('a connection that never answers is NETWORK_ERROR, the client’s error kept as its cause', async () => {
    const error = await balanceFailure(() => HttpResponse.error());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect((error as Error).cause).toMatchObject({ name: 'NetworkError' });
  });

  it('a run that fails is translated, whole or streamed (before or midway)', async () => {
    server.use(http.post(url('/v1/run'), () => answer(402, 'INSUFFICIENT_BALANCE')));
    const runner = new PlatformRunner(newClient());
    await expect(runner.run('m', {})).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const streamed = async () => {
      for await (const _ of runner.stream('m', 'x')) void _;
    };
    await expect(streamed()).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await streamed().catch(isDomainError)).toBe(true);
  });

  it('storage failures reach the sync machine as domain errors', async () => {
    server.use(http.get(url('/v1/storage'), () => answer(401, 'AUTHENTICATION_FAILED')));
    const storage = new PlatformRemoteStorage(newClient());
    await expect(storage.get('pet-gallery')).rejects.toMatchObject({
      code: 'AUTHENTICATION_FAILED',
    });
  });

  it('what is not the client’s error passes as it is', async () => {
    const bug = new TypeError('a bug in an edit');
    server.use(
      http.get(url('/v1/storage'), () => HttpResponse.json({ sessionData: {} })),
      http.put(url('/v1/storage'), () => HttpResponse.json({ success: true })),
    );
    const storage = new PlatformRemoteStorage(newClient());
    await expect(
      storage.update('k', () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
