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

const levels = (lines: { level: string }[]) => [...new Set(lines.map((line) => line.level))];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('logging: a logger and a level', () => {
  it("logLevel 'debug' logs each request with its status, time and request id, and each retry", async () => {
    const lines = await logsOf({ accessToken: ACCESS_TOKEN, logLevel: 'debug' });
    const debug = lines.filter((line) => line.level === 'debug').map((line) => line.message);
    expect(debug).toEqual([
      `[platform] GET ${BASE_URL}/v1/subscriptions/usage`,
      expect.stringMatching(/^\[platform\] GET \/v1\/subscriptions\/usage -> 503 in \d+ ms$/),
      expect.stringMatching(
        /^\[platform\] GET \/v1\/subscriptions\/usage failed \(SERVICE_UNAVAILABLE\); retry 1 in \d+ ms$/,
      ),
      `[platform] GET ${BASE_URL}/v1/subscriptions/usage (retry 1)`,
      expect.stringMatching(/^\[platform\] GET \/v1\/subscriptions\/usage -> 200 in \d+ ms$/),
    ]);
    expect(lines.find((line) => line.message.includes('-> 200'))?.rest).toEqual([
      { requestId: 'req-42' },
    ]);
    expect(levels(lines)).toEqual(['debug', 'info', 'warn', 'error']);
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

  it('never logs a token, an API key or a user key, even at debug', async () => {
    for (const credentials of [
      { accessToken: ACCESS_TOKEN },
      { apiKey: API_KEY, userKey: USER_KEY },
    ]) {
      const lines = await logsOf({ ...credentials, logLevel: 'debug' });
      const text = JSON.stringify(lines);
      for (const secret of [ACCESS_TOKEN, API_KEY, USER_KEY]) expect(text).not.toContain(secret);
      expect(lines.length).toBeGreaterThan(4);
    }
  });
});
