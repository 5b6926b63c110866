import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';
import { BASE_URL, url, useMswServer } from '../../../../tests/support/msw-server';
import { RequestQueue } from './queue';

const server = useMswServer();
const balance = {
  credits: { userBalance: { allocatedCredits: 1, usedCredits: 0, remainingCredits: 1 } },
};

afterEach(() => vi.useRealTimers());

describe('request queue: 10 at once, 60 per 60000 ms (SPEC.md 9)', () => {
  it('the 11th concurrent call waits until one of the 10 finishes', async () => {
    const waiting: (() => void)[] = [];
    server.use(
      http.get(url('/v1/subscriptions/usage'), async () => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        return HttpResponse.json(balance);
      }),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const calls = Array.from({ length: 11 }, () => client.subscriptions.usage());
    await vi.waitFor(() => expect(waiting).toHaveLength(10));
    // Give an 11th request every chance to get through before checking that it did not.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(waiting).toHaveLength(10);
    waiting[0]!();
    await vi.waitFor(() => expect(waiting).toHaveLength(11));
    for (const release of waiting) release();
    await expect(Promise.all(calls)).resolves.toHaveLength(11);
  });

  it('the 61st call within a minute waits for the window to move on', async () => {
    vi.useFakeTimers();
    let served = 0;
    server.use(
      http.get(url('/v1/subscriptions/usage'), () => {
        served++;
        return HttpResponse.json(balance);
      }),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const first60 = Array.from({ length: 60 }, () => client.subscriptions.usage());
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(first60);
    expect(served).toBe(60);
    const late = client.subscriptions.usage();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(served).toBe(60);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(served).toBe(61);
    await expect(late).resolves.toEqual(balance.credits.userBalance);
  });

  it('a call aborted while waiting leaves the line without being sent', async () => {
    const waiting: (() => void)[] = [];
    let served = 0;
    server.use(
      http.get(url('/v1/subscriptions/usage'), async () => {
        served++;
        await new Promise<void>((resolve) => waiting.push(resolve));
        return HttpResponse.json(balance);
      }),
    );
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 't',
      queue: { concurrency: 1 },
    });
    const first = client.subscriptions.usage();
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    const controller = new AbortController();
    const queued = client.subscriptions.usage({ signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    waiting[0]!();
    await first;
    expect(served).toBe(1);
  });
});

describe('a long 429 pauses the queue until its reset time', () => {
  it('a reset 40 days away keeps the queue paused past the 24.8-day timer limit, then resumes', async () => {
    vi.useFakeTimers();
    const queue = new RequestQueue();
    const day = 24 * 60 * 60 * 1000;
    queue.pauseUntil(Date.now() + 40 * day);
    let started = false;
    const slot = queue.acquire().then((release) => {
      started = true;
      release();
    });
    await vi.advanceTimersByTimeAsync(25 * day);
    expect(queue.isPaused).toBe(true);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(15 * day);
    await slot;
    expect(queue.isPaused).toBe(false);
    expect(started).toBe(true);
  });
});

describe('RequestQueue on its own', () => {
  it('counts the slots in use and the calls waiting', async () => {
    const queue = new RequestQueue({ concurrency: 1, intervalCap: Infinity, interval: 0 });
    const first = await queue.acquire();
    const second = queue.acquire();
    await new Promise((resolve) => setImmediate(resolve));
    expect({ pending: queue.pending, size: queue.size }).toEqual({ pending: 1, size: 1 });
    first();
    (await second)();
    await new Promise((resolve) => setImmediate(resolve));
    expect({ pending: queue.pending, size: queue.size }).toEqual({ pending: 0, size: 0 });
  });

  it('a pause until an earlier time does not shorten a pause already in force', async () => {
    vi.useFakeTimers();
    const queue = new RequestQueue();
    queue.pauseUntil(Date.now() + 10_000);
    queue.pauseUntil(Date.now() + 5_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(queue.isPaused).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.isPaused).toBe(false);
  });
});
