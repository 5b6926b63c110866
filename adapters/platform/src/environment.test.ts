import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from './client';
import { DEFAULT_BASE_URL, ENVIRONMENT_VARIABLES } from './config';
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
  vi.stubEnv(ENVIRONMENT_VARIABLES.apiKey, undefined);
  vi.stubEnv(ENVIRONMENT_VARIABLES.baseUrl, undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe('the client configured from the environment', () => {
  it('names PAWLOWEEN_PROJECT_TOKEN and PAWLOWEEN_BASE_URL, as the CLI does', () => {
    expect(ENVIRONMENT_VARIABLES).toEqual({
      apiKey: 'PAWLOWEEN_PROJECT_TOKEN',
      baseUrl: 'PAWLOWEEN_BASE_URL',
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
