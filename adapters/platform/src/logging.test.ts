import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import type { ClientOptions } from './config';
import { BASE_URL, recordingLogger, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();
const ACCESS_TOKEN = 'access-token-that-must-never-be-logged';
const API_KEY = 'project-key-that-must-never-be-logged';
const USER_KEY = 'user-key-that-must-never-be-logged';

/** Answers usage once with a 503 and then with a balance, so a call logs a request, a retry and another request. */
function flakyUsage() {
  let calls = 0;
  server.use(
    http.get(url('/v1/subscriptions/usage'), () =>
      calls++ === 0
        ? HttpResponse.json({ error: { message: 'busy' } }, { status: 503 })
        : HttpResponse.json(
            {
              credits: {
                userBalance: { allocatedCredits: 1, usedCredits: 0, remainingCredits: 1 },
              },
            },
            { headers: { 'x-request-id': 'req-42' } },
          ),
    ),
  );
}

async function logsOf(options: ClientOptions) {
  vi.useFakeTimers();
  flakyUsage();
  const logger = recordingLogger();
  const client = new PlatformClient({ baseUrl: BASE_URL, logger, ...options });
  const call = client.subscriptions.usage();
  await vi.runAllTimersAsync();
  await call;
  client.logger.info('an info line');
  client.logger.warn('a warning');
  client.logger.error('an error');
  return logger.lines;
}

const lines = (logger: ReturnType<typeof recordingLogger>) =>
  logger.lines.map(({ level, message, rest }) => [level, message, ...rest]);

const levels = (lines: { level: string }[]) => [...new Set(lines.map((line) => line.level))];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('logging: a logger and a level', () => {
  it("logLevel 'debug' logs each request with its status, time and request id, and each retry", async () => {
    const lines = await logsOf({ accessToken: ACCESS_TOKEN, logLevel: 'debug' });
    const calls = lines.filter(
      (line) => !line.message.startsWith('an ') && line.message !== 'a warning',
    );
    expect(calls.map(({ level, message }) => [level, message])).toEqual([
      ['debug', `[platform] GET ${BASE_URL}/v1/subscriptions/usage`],
      [
        'debug',
        expect.stringMatching(/^\[platform\] GET \/v1\/subscriptions\/usage -> 503 in \d+ ms$/),
      ],
      [
        'info',
        expect.stringMatching(
          /^\[platform\] GET \/v1\/subscriptions\/usage failed \(503 SERVICE_UNAVAILABLE\); retry 1 of 2 in \d+ ms$/,
        ),
      ],
      ['debug', `[platform] GET ${BASE_URL}/v1/subscriptions/usage (retry 1)`],
      [
        'info',
        expect.stringMatching(/^\[platform\] GET \/v1\/subscriptions\/usage -> 200 in \d+ ms$/),
      ],
    ]);
    expect(lines.find((line) => line.message.includes('-> 200'))?.rest).toEqual([
      { method: 'GET', path: '/v1/subscriptions/usage', status: 200, requestId: 'req-42' },
    ]);
    expect(levels(lines)).toEqual(['debug', 'info', 'warn', 'error']);
  });

  it("logLevel 'info' logs each request's outcome and each retry, without the debug lines", async () => {
    const lines = await logsOf({ accessToken: ACCESS_TOKEN, logLevel: 'info' });
    expect(lines.filter((line) => line.message.includes('/v1/')).map((line) => line.level)).toEqual(
      ['info', 'info'],
    );
    expect(lines.map((line) => line.message)).toContainEqual(
      expect.stringMatching(/usage failed \(503 SERVICE_UNAVAILABLE\); retry 1 of 2/),
    );
    expect(lines.map((line) => line.message)).toContainEqual(
      expect.stringMatching(/usage -> 200 in \d+ ms$/),
    );
  });

  it('logs a refusal at warn and a failure the retries did not mend at error, with the request id', async () => {
    server.use(
      http.get(url('/v1/subscriptions/usage'), () =>
        HttpResponse.json(
          { error: { message: 'Not enough credits.', code: 'INSUFFICIENT_BALANCE' } },
          { status: 402, headers: { 'x-request-id': 'req-402' } },
        ),
      ),
      http.get(url('/v1/subscriptions/plan'), () =>
        HttpResponse.json({ error: { message: 'down' } }, { status: 500 }),
      ),
    );
    vi.useFakeTimers();
    const logger = recordingLogger();
    const client = new PlatformClient({ baseUrl: BASE_URL, logger, accessToken: ACCESS_TOKEN });
    await expect(client.subscriptions.usage()).rejects.toThrow('Not enough credits.');
    const status = client.subscriptions.status().catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    await status;
    expect(lines(logger)).toEqual([
      [
        'warn',
        '[platform] GET /v1/subscriptions/usage failed: 402 INSUFFICIENT_BALANCE: Not enough credits.',
        {
          method: 'GET',
          path: '/v1/subscriptions/usage',
          status: 402,
          code: 'INSUFFICIENT_BALANCE',
          requestId: 'req-402',
        },
      ],
      [
        'error',
        '[platform] GET /v1/subscriptions/plan failed: 500 UNKNOWN_ERROR after 2 retries: down',
        {
          method: 'GET',
          path: '/v1/subscriptions/plan',
          status: 500,
          code: 'UNKNOWN_ERROR',
          requestId: undefined,
        },
      ],
    ]);
  });

  it.each([
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['off', []],
  ] as const)('logLevel %s passes on only its level and above', async (logLevel, expected) => {
    expect(levels(await logsOf({ accessToken: ACCESS_TOKEN, logLevel }))).toEqual(expected);
  });

  it("logs warnings and errors by default ('warn')", async () => {
    expect(levels(await logsOf({ accessToken: ACCESS_TOKEN }))).toEqual(['warn', 'error']);
  });

  it('takes the level from PAWLOWEEN_LOG when the options do not set one', async () => {
    vi.stubEnv('PAWLOWEEN_LOG', 'debug');
    expect(levels(await logsOf({ accessToken: ACCESS_TOKEN }))).toContain('debug');
    vi.stubEnv('PAWLOWEEN_LOG', 'off');
    expect(await logsOf({ accessToken: ACCESS_TOKEN })).toEqual([]);
    expect(levels(await logsOf({ accessToken: ACCESS_TOKEN, logLevel: 'error' }))).toEqual([
      'error',
    ]);
  });

  it('warns about a PAWLOWEEN_LOG it cannot use and keeps the default', async () => {
    vi.stubEnv('PAWLOWEEN_LOG', 'verbose');
    const lines = await logsOf({ accessToken: ACCESS_TOKEN });
    expect(lines[0]).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('PAWLOWEEN_LOG=verbose is not a log level'),
    });
    expect(levels(lines)).toEqual(['warn', 'error']);
  });

  it('keeps debug: true as a deprecated alias of logLevel debug', async () => {
    const client = new PlatformClient({ baseUrl: BASE_URL, debug: true });
    expect(client.options).toMatchObject({ logLevel: 'debug', debug: true });
    expect(levels(await logsOf({ accessToken: ACCESS_TOKEN, debug: true }))).toContain('debug');
  });

  it('never logs a token, an API key or a user key at any level, even one the platform echoes', async () => {
    // Every answer names the credentials it got: a careless platform, or a proxy's error page.
    const echo = (request: Request) =>
      [...request.headers.entries()].map(([name, value]) => `${name}=${value}`).join(' ');
    for (const credentials of [
      { accessToken: ACCESS_TOKEN },
      { apiKey: API_KEY, userKey: USER_KEY },
    ]) {
      let calls = 0;
      server.use(
        http.get(url('/v1/subscriptions/usage'), ({ request }) =>
          HttpResponse.json(
            { error: { message: `busy for ${echo(request)}` } },
            { status: calls++ === 0 ? 503 : 500 },
          ),
        ),
        http.get(url('/v1/subscriptions/plan'), ({ request }) =>
          HttpResponse.json(
            { error: { message: `no plan for ${echo(request)}` } },
            { status: 403 },
          ),
        ),
        http.put(url('/v1/storage'), ({ request }) =>
          HttpResponse.json({ error: { message: `stale for ${echo(request)}` } }, { status: 412 }),
        ),
        http.get(url('/v1/storage'), () =>
          HttpResponse.json({ sessionData: {} }, { headers: { etag: '"1"' } }),
        ),
      );
      vi.useFakeTimers();
      const logger = recordingLogger();
      const client = new PlatformClient({
        baseUrl: BASE_URL,
        logger,
        logLevel: 'debug',
        ...credentials,
      });
      const pending = [
        client.subscriptions.usage(),
        client.subscriptions.status(),
        client.storage.update('pets', ['Rex']),
      ].map((call) => Promise.resolve(call).catch((error: unknown) => error));
      await vi.runAllTimersAsync();
      await Promise.all(pending);
      vi.useRealTimers();
      expect(levels(logger.lines).sort()).toEqual(['debug', 'error', 'info', 'warn']);
      for (const line of logger.lines) {
        const text = JSON.stringify(line);
        for (const secret of [ACCESS_TOKEN, API_KEY, USER_KEY])
          expect(text, `${line.level}: ${line.message}`).not.toContain(secret);
      }
      // The echoed credentials were there to leak, and show masked.
      expect(JSON.stringify(logger.lines)).toContain('***');
    }
  });
});
