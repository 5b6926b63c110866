import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';
import { BASE_URL, url, useMswServer } from '../../../../tests/support/msw-server';

const server = useMswServer();
afterEach(() => vi.useRealTimers());

/** A platform that never answers; resolves `aborted` when the client gives up on the request. */
function silentPlatform() {
  let requests = 0;
  let aborted!: () => void;
  const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
  server.use(
    http.get(url('/v1/subscriptions/usage'), async ({ request }) => {
      requests++;
      await new Promise<void>((resolve) =>
        request.signal.addEventListener('abort', () => resolve()),
      );
      aborted();
      return HttpResponse.error();
    }),
  );
  return { abortSeen, requests: () => requests };
}

describe('timeout and abort', () => {
  it('gives up after the timeout with a TimeoutError that says timeout', async () => {
    vi.useFakeTimers();
    const platform = silentPlatform();
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 't',
      timeout: 5_000,
      maxRetries: 0,
    });
    const result = client.subscriptions.usage().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(platform.requests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({
      name: 'TimeoutError',
      code: 'TIMEOUT_ERROR',
      message: 'Request timeout after 5000 ms',
    });
    await platform.abortSeen;
  });

  it('retries a timed-out request like any unanswered one', async () => {
    vi.useFakeTimers();
    const platform = silentPlatform();
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 't',
      timeout: 1_000,
      maxRetries: 1,
    });
    const result = client.subscriptions.usage().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000 + 500 + 1_000);
    expect(platform.requests()).toBe(2);
    expect(await result).toMatchObject({ name: 'TimeoutError' });
  });

  it("the caller's AbortSignal cancels the request itself and is never retried", async () => {
    const platform = silentPlatform();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const controller = new AbortController();
    const result = client.subscriptions
      .usage({ signal: controller.signal })
      .catch((error: unknown) => error);
    await vi.waitFor(() => expect(platform.requests()).toBe(1));
    controller.abort();
    expect(await result).toMatchObject({ name: 'AbortError' });
    await platform.abortSeen;
    expect(platform.requests()).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const platform = silentPlatform();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    await expect(client.subscriptions.usage({ signal: AbortSignal.abort() })).rejects.toMatchObject(
      { name: 'AbortError' },
    );
    expect(platform.requests()).toBe(0);
  });
});
