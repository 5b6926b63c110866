import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import type { Fetch } from './config';
import { CorsRefusedError, NetworkError } from './transport-errors';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should throw'),
    (error: unknown) => error as NetworkError,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NetworkError says what failed, not "fetch failed"', () => {
  it('names the method, host, path and ECONNREFUSED of a real refused connection', async () => {
    const port = await closedPort();
    const client = new PlatformClient({
      baseUrl: `http://127.0.0.1:${port}`,
      accessToken: 'secret-token-value',
      maxRetries: 0,
    });
    const error = await failure(client.subscriptions.usage());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toMatch(
      new RegExp(
        `^Network error: GET 127\\.0\\.0\\.1:${port}/v1/subscriptions/usage failed: ECONNREFUSED`,
      ),
    );
    expect(error.message).not.toContain('secret-token-value');
    expect(error).toMatchObject({ method: 'GET', reason: expect.stringMatching(/^ECONNREFUSED/) });
    // The cause is fetch's own error, with the system's error under it.
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(JSON.stringify(error.cause, ['cause', 'code'])).toContain('ECONNREFUSED');
  });

  it('names a host that does not resolve', async () => {
    const client = new PlatformClient({
      baseUrl: 'https://no-such-host.invalid',
      accessToken: 't',
      maxRetries: 0,
    });
    const error = await failure(client.subscriptions.usage());
    expect(error.message).toMatch(
      /^Network error: GET no-such-host\.invalid\/v1\/subscriptions\/usage failed: (ENOTFOUND|EAI_AGAIN)/,
    );
  });

  it('says timeout for a connect timeout', async () => {
    const fetch: Fetch = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('Connect Timeout Error'), {
            code: 'UND_ERR_CONNECT_TIMEOUT',
          }),
        }),
      );
    const client = new PlatformClient({
      baseUrl: 'https://api.platform.test',
      accessToken: 't',
      maxRetries: 0,
      fetch,
    });
    const error = await failure(client.run.create({ model: 'm', input: 'x' }));
    expect(error.message).toBe(
      'Network error: POST api.platform.test/v1/run failed: timeout (UND_ERR_CONNECT_TIMEOUT)',
    );
  });
});

describe('in a browser, a CORS refusal', () => {
  /** The browser's fetch for a platform that answers but does not list the page's origin, or is down. */
  function browserFetch(platformUp: boolean) {
    const calls = { cors: 0, probe: 0 };
    const fetch: Fetch = (_input, init) => {
      if (init?.mode === 'no-cors') {
        calls.probe++;
        return platformUp
          ? Promise.resolve(new Response(null))
          : Promise.reject(new TypeError('Failed to fetch'));
      }
      calls.cors++;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    return { calls, fetch };
  }

  it('is told from an outage, not retried, and says the platform must list the origin', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/create'));
    const { calls, fetch } = browserFetch(true);
    const client = new PlatformClient({
      baseUrl: 'https://api.platform.test',
      accessToken: 't',
      fetch,
    });
    const error = await failure(client.subscriptions.usage());
    expect(error).toBeInstanceOf(CorsRefusedError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('CORS_REFUSED');
    expect(error.action).toBe('none');
    expect(error.message).toContain(
      'https://api.platform.test refused requests from https://app.example.com',
    );
    expect(error.message).toContain('ALLOWED_ORIGINS');
    expect(calls).toEqual({ cors: 1, probe: 1 });
  });

  it('is not assumed when the platform is down: that is retried as a network error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('location', new URL('https://app.example.com/create'));
    const { calls, fetch } = browserFetch(false);
    const client = new PlatformClient({
      baseUrl: 'https://api.platform.test',
      accessToken: 't',
      fetch,
    });
    const result = failure(client.subscriptions.usage());
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).not.toBeInstanceOf(CorsRefusedError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(calls.cors).toBe(3);
  });

  it("is not probed for the page's own origin", async () => {
    vi.stubGlobal('location', new URL('https://api.platform.test/'));
    const { calls, fetch } = browserFetch(true);
    const client = new PlatformClient({
      baseUrl: 'https://api.platform.test',
      accessToken: 't',
      maxRetries: 0,
      fetch,
    });
    const error = await failure(client.subscriptions.usage());
    expect(error.code).toBe('NETWORK_ERROR');
    expect(calls.probe).toBe(0);
  });
});
