import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import { DEFAULT_BASE_URL, ENVIRONMENT_VARIABLES, environmentSettings } from './config';
import { recordingLogger } from '../../../tests/support/msw-server';

// Configuration from the environment, as openai-node reads OPENAI_API_KEY and OPENAI_BASE_URL:
// PAWLOWEEN_PROJECT_TOKEN and PAWLOWEEN_BASE_URL, each only where the option is not given.

const ENV_BASE_URL = 'https://api.env.example';

/** A client whose fetch records each request and answers a balance. */
function recorded(options: ConstructorParameters<typeof PlatformClient>[0] = {}) {
  const requests: Request[] = [];
  const client = new PlatformClient({
    ...options,
    maxRetries: 0,
    fetch: async (input, init) => {
      requests.push(new Request(input, init));
      return Response.json({
        credits: { userBalance: { allocatedCredits: 5, usedCredits: 1, remainingCredits: 4 } },
      });
    },
  });
  return { client, requests };
}

beforeEach(() => {
  for (const name of Object.values(ENVIRONMENT_VARIABLES)) vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe('the client configured from the environment', () => {
  it('names the variables the CLI reads, and its own PAWLOWEEN_LOG', () => {
    expect(ENVIRONMENT_VARIABLES).toEqual({
      apiKey: 'PAWLOWEEN_PROJECT_TOKEN',
      baseUrl: 'PAWLOWEEN_BASE_URL',
      accessToken: 'PAWLOWEEN_TOKEN',
      timeout: 'PAWLOWEEN_TIMEOUT',
      debug: 'PAWLOWEEN_DEBUG',
      logLevel: 'PAWLOWEEN_LOG',
    });
  });

  it('signs in with PAWLOWEEN_TOKEN, unless the options name a user themselves', async () => {
    vi.stubEnv('PAWLOWEEN_TOKEN', ' env-access-token \n');
    const fromEnv = recorded();
    expect(fromEnv.client.authMode).toBe('access-token');
    await fromEnv.client.subscriptions.usage();
    expect(fromEnv.requests[0]!.headers.get('x-sub-dev-access-token')).toBe('env-access-token');

    const given = recorded({ accessToken: 'option-access-token' });
    await given.client.subscriptions.usage();
    expect(given.requests[0]!.headers.get('x-sub-dev-access-token')).toBe('option-access-token');

    const headless = recorded({ apiKey: 'proj_key', userKey: 'user_key_1' });
    expect(headless.client.authMode).toBe('project-user');
    await headless.client.subscriptions.usage();
    expect(headless.requests[0]!.headers.get('x-sub-dev-access-token')).toBeNull();
  });

  it('reads PAWLOWEEN_TIMEOUT as the seconds a quick call waits, as the CLI does; a run keeps its 600 s', async () => {
    vi.stubEnv('PAWLOWEEN_TIMEOUT', '2.5');
    vi.useFakeTimers();
    try {
      const hanging = new PlatformClient({
        accessToken: 'token',
        maxRetries: 0,
        fetch: (_input, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      });
      expect(hanging.options.timeout).toBe(2500);
      const usage = hanging.subscriptions.usage().catch((error: unknown) => error);
      const run = hanging.run
        .create({ model: 'text/m', input: 'x' })
        .catch((error: unknown) => error);
      let ran: unknown;
      void run.then((error) => (ran = error));
      await vi.advanceTimersByTimeAsync(2500);
      expect(await usage).toMatchObject({
        name: 'TimeoutError',
        message: 'Request timeout after 2500 ms',
      });
      expect(ran).toBeUndefined();
      await vi.advanceTimersByTimeAsync(600_000);
      expect(await run).toMatchObject({
        name: 'TimeoutError',
        message: 'Request timeout after 600000 ms',
      });
      // The option wins, for runs too.
      expect(new PlatformClient({ timeout: 1000 }).options.timeout).toBe(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns on debug lines with PAWLOWEEN_DEBUG=1, as the CLI does; PAWLOWEEN_LOG and the options win', () => {
    vi.stubEnv('PAWLOWEEN_DEBUG', '1');
    expect(recorded().client.options.logLevel).toBe('debug');
    vi.stubEnv('PAWLOWEEN_LOG', 'error');
    expect(recorded().client.options.logLevel).toBe('error');
    expect(recorded({ logLevel: 'warn' }).client.options.logLevel).toBe('warn');
    vi.stubEnv('PAWLOWEEN_LOG', undefined);
    vi.stubEnv('PAWLOWEEN_DEBUG', 'yes');
    expect(recorded().client.options.logLevel).toBe('warn');
  });

  it('warns about a PAWLOWEEN_TIMEOUT that is not a number of seconds, and keeps the default', () => {
    vi.stubEnv('PAWLOWEEN_TIMEOUT', 'soon');
    const logger = recordingLogger();
    const { client } = recorded({ logger });
    expect(client.options.timeout).toBe(600_000);
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: '[platform] PAWLOWEEN_TIMEOUT=soon is not a number of seconds; using the default',
        rest: [],
      },
    ]);
  });

  it('hands the CLI the same reading of any environment object (environmentSettings)', () => {
    expect(
      environmentSettings({
        PAWLOWEEN_BASE_URL: 'http://localhost:9000',
        PAWLOWEEN_TOKEN: 'tok',
        PAWLOWEEN_PROJECT_TOKEN: 'proj',
        PAWLOWEEN_TIMEOUT: '30',
        PAWLOWEEN_DEBUG: '1',
      }),
    ).toEqual({
      options: {
        baseUrl: 'http://localhost:9000',
        accessToken: 'tok',
        apiKey: 'proj',
        timeout: 30_000,
        logLevel: 'debug',
      },
      unusable: [],
    });
  });

  it('takes the project token and the platform from them when the options say nothing', async () => {
    vi.stubEnv('PAWLOWEEN_PROJECT_TOKEN', ' proj_env_token_1234== \n');
    vi.stubEnv('PAWLOWEEN_BASE_URL', `${ENV_BASE_URL}/`);
    const { client, requests } = recorded({ userKey: 'user_key_1' });
    expect(client.authMode).toBe('project-user');
    expect(client.options.baseUrl).toBe(ENV_BASE_URL);
    expect(client.options.authorizationUrl).toBe('https://auth.env.example');
    await client.subscriptions.usage();
    expect(requests[0]!.url).toBe(`${ENV_BASE_URL}/v1/subscriptions/usage`);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer proj_env_token_1234');
    const signIn = new URL(client.signInUrl('https://app.example/'));
    expect(signIn.origin).toBe('https://auth.env.example');
    expect([...signIn.searchParams.values()]).toContain('proj_env_token_1234');
  });

  it('lets the options win over the environment', async () => {
    vi.stubEnv('PAWLOWEEN_PROJECT_TOKEN', 'proj_from_env');
    vi.stubEnv('PAWLOWEEN_BASE_URL', ENV_BASE_URL);
    const { client, requests } = recorded({
      baseUrl: 'https://api.option.example',
      apiKey: 'proj_from_option',
      userKey: 'user_key_1',
    });
    await client.subscriptions.usage();
    expect(requests[0]!.url).toBe('https://api.option.example/v1/subscriptions/usage');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer proj_from_option');
  });

  it('ignores blank variables', () => {
    vi.stubEnv('PAWLOWEEN_PROJECT_TOKEN', '  ');
    vi.stubEnv('PAWLOWEEN_BASE_URL', '');
    const { client } = recorded();
    expect(client.options.baseUrl).toBe(DEFAULT_BASE_URL);
    expect(client.authMode).toBe('demo');
  });
});

describe('with no key at all', () => {
  it('uses the hosted platform, https://api.subscribe.dev, and its demo sign-in', () => {
    const { client } = recorded();
    expect(DEFAULT_BASE_URL).toBe('https://api.subscribe.dev');
    expect(client.options.baseUrl).toBe('https://api.subscribe.dev');
    expect(client.authMode).toBe('demo');
    expect(client.signInUrl('https://app.example/')).toMatch(
      /^https:\/\/auth\.subscribe\.dev\/demo\?/,
    );
  });

  it('says so in a debug line, naming the option and the variable', () => {
    const logger = recordingLogger();
    recorded({ logger, debug: true });
    expect(logger.lines).toEqual([
      {
        level: 'debug',
        message: expect.stringMatching(
          /no access token and no API key .*apiKey.*PAWLOWEEN_PROJECT_TOKEN.*demo/,
        ),
        rest: [],
      },
    ]);
  });

  it('says nothing of the kind with a key, or with debug off', () => {
    const withKey = recordingLogger();
    recorded({ logger: withKey, debug: true, apiKey: 'proj_key' });
    vi.stubEnv('PAWLOWEEN_PROJECT_TOKEN', 'proj_env');
    recorded({ logger: withKey, debug: true });
    expect(withKey.lines).toEqual([]);
    vi.stubEnv('PAWLOWEEN_PROJECT_TOKEN', undefined);
    const quiet = recordingLogger();
    recorded({ logger: quiet });
    expect(quiet.lines).toEqual([]);
  });
});
