import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient, USER_AGENT } from './client';
import { BASE_URL, recordingLogger, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();

/** Answers GET usage with a balance and returns the headers the client sent. */
async function headersSentBy(client: PlatformClient) {
  let seen: Headers | undefined;
  server.use(
    http.get(url('/v1/subscriptions/usage'), ({ request }) => {
      seen = request.headers;
      return HttpResponse.json({
        credits: { userBalance: { allocatedCredits: 10, usedCredits: 4, remainingCredits: 6 } },
      });
    }),
  );
  await client.subscriptions.usage();
  return seen!;
}

describe('auth headers: the three modes of SPEC.md 6', () => {
  it('(a) an access token goes in x-sub-dev-access-token and nothing else', async () => {
    const headers = await headersSentBy(
      new PlatformClient({ baseUrl: BASE_URL, accessToken: 'user-jwt', apiKey: 'proj' }),
    );
    expect(headers.get('x-sub-dev-access-token')).toBe('user-jwt');
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('x-user-token')).toBeNull();
  });

  it('(b) a project key is a bearer, with the user key as X-User-Token; the key loses whitespace and trailing =', async () => {
    const headers = await headersSentBy(
      new PlatformClient({ baseUrl: BASE_URL, apiKey: ' proj key==\n', userKey: 'uk-1' }),
    );
    expect(headers.get('authorization')).toBe('Bearer projkey');
    expect(headers.get('x-user-token')).toBe('uk-1');
    expect(headers.get('x-sub-dev-access-token')).toBeNull();
  });

  it('(b) getUserToken is asked for the user token on every call', async () => {
    const getUserToken = vi.fn(async () => 'from-provider');
    const client = new PlatformClient({ baseUrl: BASE_URL, apiKey: 'proj', getUserToken });
    expect((await headersSentBy(client)).get('x-user-token')).toBe('from-provider');
    await headersSentBy(client);
    expect(getUserToken).toHaveBeenCalledTimes(2);
  });

  it('(c) a project key alone is anonymous: bearer only; demo sends no credentials', async () => {
    const client = new PlatformClient({ baseUrl: BASE_URL, apiKey: 'proj' });
    expect(client.authMode).toBe('project');
    let seen: Headers | undefined;
    server.use(
      http.post(url('/v1/run'), ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ output: [] });
      }),
    );
    await client.run.create({ model: 'm', input: 'hi' });
    expect(seen?.get('authorization')).toBe('Bearer proj');
    expect(seen?.get('x-user-token')).toBeNull();

    const demo = new PlatformClient({ baseUrl: BASE_URL });
    expect(demo.authMode).toBe('demo');
    await demo.run.create({ model: 'm', input: 'hi' });
    expect(seen?.get('authorization')).toBeNull();
    expect(seen?.get('x-sub-dev-access-token')).toBeNull();
  });

  it('every request carries the client User-Agent', async () => {
    const headers = await headersSentBy(
      new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' }),
    );
    expect(headers.get('user-agent')).toBe(USER_AGENT);
  });

  it('setCredentials switches modes for later calls', async () => {
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 'old' });
    client.setCredentials({ apiKey: 'proj', userKey: 'uk' });
    const headers = await headersSentBy(client);
    expect(headers.get('x-sub-dev-access-token')).toBeNull();
    expect(headers.get('x-user-token')).toBe('uk');
    expect(client.options.baseUrl).toBe(BASE_URL);
  });

  it('setCredentials replaces every credential and keeps every other setting', () => {
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      authorizationUrl: 'https://auth.example.com',
      timeout: 1234,
      maxRetries: 5,
      debug: true,
      streamIdleTimeout: 999,
      allowInsecureHttp: true,
      streamLimits: { maxLineBytes: 100 },
      apiKey: 'proj_0123456789abcdef',
      userKey: 'user_0123456789abcdef',
      getUserToken: () => 'never',
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const before = client.options;
    client.setCredentials({ accessToken: 'access_0123456789abcdef' });
    const { accessToken, apiKey, userKey, getUserToken, ...settings } = client.options;
    const {
      accessToken: _a,
      apiKey: _k,
      userKey: _u,
      getUserToken: _g,
      ...settingsBefore
    } = before;
    expect(settings).toEqual(settingsBefore);
    expect({ accessToken, apiKey, userKey, getUserToken }).toEqual({
      accessToken: '***cdef',
      apiKey: undefined,
      userKey: undefined,
      getUserToken: undefined,
    });
  });
});

describe('configuration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the provider host, a derived auth host, 600000 ms and 2 retries', () => {
    const { options } = new PlatformClient();
    expect(options).toMatchObject({
      baseUrl: 'https://api.subscribe.dev',
      authorizationUrl: 'https://auth.subscribe.dev',
      timeout: 600_000,
      maxRetries: 2,
      debug: false,
    });
  });

  it("derives the authorization page of a host without 'api' as its /auth page, and takes an explicit one", () => {
    expect(new PlatformClient({ baseUrl: 'http://localhost:8787/' }).options.authorizationUrl).toBe(
      'http://localhost:8787/auth',
    );
    expect(
      new PlatformClient({ authorizationUrl: 'https://login.test/' }).options.authorizationUrl,
    ).toBe('https://login.test');
  });

  it('says so when there is no fetch at all', () => {
    vi.stubGlobal('fetch', undefined);
    expect(() => new PlatformClient()).toThrow(
      'fetch is not available. Please provide a fetch polyfill.',
    );
    expect(() => new PlatformClient({ fetch: async () => new Response('{}') })).not.toThrow();
  });

  it('uses an injected fetch instead of the global one', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        credits: { userBalance: { allocatedCredits: 1, usedCredits: 0, remainingCredits: 1 } },
      }),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', fetch });
    await expect(client.subscriptions.usage()).resolves.toEqual({
      allocatedCredits: 1,
      usedCredits: 0,
      remainingCredits: 1,
    });
    expect(fetch).toHaveBeenCalledWith(
      `${BASE_URL}/v1/subscriptions/usage`,
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('logs requests through the injected logger only when debug is on', async () => {
    const quiet = recordingLogger();
    await headersSentBy(new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', logger: quiet }));
    expect(quiet.lines).toEqual([]);
    const loud = recordingLogger();
    await headersSentBy(
      new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', logger: loud, debug: true }),
    );
    expect(loud.lines.map((line) => line.message)).toEqual([
      `[platform] GET ${BASE_URL}/v1/subscriptions/usage`,
      expect.stringMatching(/^\[platform\] GET \/v1\/subscriptions\/usage -> 200 in \d+ ms$/),
    ]);
  });
});

describe('calls that are about one user need a userKey (SPEC.md 5, word for word)', () => {
  const anonymous = () => new PlatformClient({ baseUrl: BASE_URL, apiKey: 'proj' });

  it('subscription status', async () => {
    await expect(anonymous().subscriptions.status()).rejects.toMatchObject({
      name: 'ValidationError',
      message:
        'User key is required to get subscription status. Provide userKey in client configuration. Or sign the user in and give their accessToken (the option, setCredentials(), or PAWLOWEEN_TOKEN in the environment).',
    });
  });

  it('usage limits, naming the access token too, the usual fix', async () => {
    await expect(anonymous().subscriptions.usage()).rejects.toMatchObject({
      name: 'ValidationError',
      message:
        'User key is required to get usage limits. Provide userKey in client configuration. Or sign the user in and give their accessToken (the option, setCredentials(), or PAWLOWEEN_TOKEN in the environment).',
    });
  });

  it('demo project, which then sends the user key as bearer', async () => {
    await expect(anonymous().projects.demo()).rejects.toThrow(
      'User key is required to get demo project. Provide userKey in client configuration.',
    );
    server.use(
      http.post(url('/v1/platform/projects/demo'), ({ request }) =>
        HttpResponse.json({ id: 'p1', apiKey: request.headers.get('authorization'), isDemo: true }),
      ),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, apiKey: 'proj', userKey: 'uk' });
    await expect(client.projects.demo()).resolves.toEqual({
      id: 'p1',
      apiKey: 'Bearer uk',
      isDemo: true,
    });
  });
});

describe('subscriptions', () => {
  it('plan answers become hasActiveSubscription, status, startedAt, endsAt and plan', async () => {
    const plan = { id: 'plus', name: 'Plus', price: 9, tokenLimit: 100, features: ['HD'] };
    server.use(
      http.get(url('/v1/subscriptions/plan'), () =>
        HttpResponse.json({
          userPlan: {
            planId: 'plus',
            status: 'active',
            startedAt: '2025-10-01',
            endsAt: null,
            plan,
          },
        }),
      ),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    await expect(client.subscriptions.status()).resolves.toEqual({
      hasActiveSubscription: true,
      status: 'active',
      startedAt: '2025-10-01',
      endsAt: undefined,
      plan,
    });
  });

  it("status 'none' is no active subscription", async () => {
    server.use(
      http.get(url('/v1/subscriptions/plan'), () =>
        HttpResponse.json({
          userPlan: { planId: null, status: 'none', startedAt: null, endsAt: null, plan: null },
        }),
      ),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    await expect(client.subscriptions.status()).resolves.toMatchObject({
      hasActiveSubscription: false,
      status: 'none',
    });
  });
});

describe('events', () => {
  it('a 401 on any call notifies unauthorized listeners once', async () => {
    server.use(
      http.get(url('/v1/subscriptions/plan'), () =>
        HttpResponse.json(
          { error: { message: 'expired', code: 'AUTHENTICATION_FAILED' } },
          { status: 401 },
        ),
      ),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const listener = vi.fn();
    client.on('unauthorized', listener);
    await expect(client.subscriptions.status()).rejects.toMatchObject({
      name: 'AuthenticationError',
    });
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.calls[0]?.[0].error.statusCode).toBe(401);
  });

  it('a 401 for credentials swapped out since (sign-out, another account) notifies nobody', async () => {
    let answer!: () => void;
    server.use(
      http.get(url('/v1/subscriptions/plan'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(
          { error: { message: 'revoked', code: 'AUTHENTICATION_FAILED' } },
          { status: 401 },
        );
      }),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 'first' });
    const listener = vi.fn();
    client.on('unauthorized', listener);
    const call = client.subscriptions.status();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    client.setCredentials({ accessToken: 'second' });
    answer();
    await expect(call).rejects.toMatchObject({ name: 'AuthenticationError' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('revoke waits for the calls already on their way, so the revocation does not refuse them', async () => {
    const order: string[] = [];
    let revoked = false;
    server.use(
      http.get(url('/v1/subscriptions/plan'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('plan answered');
        return revoked
          ? HttpResponse.json({ error: { message: 'revoked' } }, { status: 401 })
          : HttpResponse.json({
              userPlan: { planId: null, status: 'none', startedAt: null, endsAt: null, plan: null },
            });
      }),
      http.post(url('/v1/auth/sign-out'), () => {
        revoked = true;
        order.push('revoked');
        return HttpResponse.json({ success: true });
      }),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const plan = client.subscriptions.status().catch((error: unknown) => error);
    await client.sessions.revoke();
    expect(order).toEqual(['plan answered', 'revoked']);
    expect(await plan).not.toBeInstanceOf(Error);
  });

  it('revoke waits settleMs at most for a call that does not answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let revoked = false;
      server.use(
        http.get(url('/v1/subscriptions/plan'), () => new Promise<never>(() => undefined)),
        http.post(url('/v1/auth/sign-out'), () => {
          revoked = true;
          return HttpResponse.json({ success: true });
        }),
      );
      const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', timeout: 600_000 });
      const stuck = new AbortController();
      void client.subscriptions.status({ signal: stuck.signal }).catch(() => undefined);
      const revoking = client.sessions.revoke({ settleMs: 2000 });
      await vi.advanceTimersByTimeAsync(1999);
      expect(revoked).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await revoking;
      expect(revoked).toBe(true);
      stuck.abort();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a run announces start and complete, then usage-changed; a failed run announces ai-call-error', async () => {
    server.use(
      http.post(url('/v1/run'), () =>
        HttpResponse.json({ output: ['ok'], usage: { remainingCredits: 3 } }),
      ),
    );
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const seen: string[] = [];
    for (const name of [
      'ai-call-start',
      'ai-call-complete',
      'ai-call-error',
      'usage-changed',
    ] as const)
      client.on(name, () => seen.push(name));
    await client.run.create({ model: 'm', input: {} });
    expect(seen).toEqual(['ai-call-start', 'ai-call-complete', 'usage-changed']);

    server.use(
      http.post(url('/v1/run'), () =>
        HttpResponse.json({ error: { message: 'bad' } }, { status: 400 }),
      ),
    );
    seen.length = 0;
    await expect(client.run.create({ model: 'm', input: {} })).rejects.toMatchObject({
      name: 'ValidationError',
    });
    expect(seen).toEqual(['ai-call-start', 'ai-call-error']);
  });

  it('a listener that throws does not break the call', async () => {
    server.use(http.post(url('/v1/run'), () => HttpResponse.json({ output: [] })));
    const logger = recordingLogger();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', logger });
    client.on('ai-call-start', () => {
      throw new Error('listener bug');
    });
    await expect(client.run.create({ model: 'm', input: {} })).resolves.toMatchObject({
      output: [],
    });
    expect(logger.lines.some((line) => line.level === 'error')).toBe(true);
  });
});

describe('secrets never shown', () => {
  const accessToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2VjcmV0LXNpZ25hdHVyZS1wYXJ0';
  const apiKey = 'pk_live_0123456789abcdefSECRET';
  const userKey = 'user-token-0123456789-SECRET';

  it.each([
    ['options', (c: PlatformClient) => JSON.stringify(c.options)],
    ['JSON.stringify', (c: PlatformClient) => JSON.stringify(c)],
    ['util.inspect', (c: PlatformClient) => inspect(c, { depth: 10, showHidden: true })],
    ['String', (c: PlatformClient) => `${String(c)} ${Object.keys(c).join()}`],
  ])('%s of a client shows none of its secrets, only their last four characters', (_, show) => {
    for (const client of [
      new PlatformClient({ baseUrl: BASE_URL, accessToken }),
      new PlatformClient({ baseUrl: BASE_URL, apiKey, userKey }),
    ]) {
      const shown = show(client);
      for (const secret of [accessToken, apiKey, userKey])
        expect(shown).not.toContain(secret.slice(0, -4));
    }
  });

  it('options names which secrets are set, masked', () => {
    const client = new PlatformClient({ apiKey, getUserToken: () => userKey });
    expect(client.options).toMatchObject({
      apiKey: '***CRET',
      accessToken: undefined,
      getUserToken: 'function',
    });
  });

  it('shows a short secret as *** alone, as the README says (a 14-character key, a 7-character user key)', () => {
    const client = new PlatformClient({ apiKey: 'pk_14_chars_ab', userKey: 'user_77' });
    expect(client.options).toMatchObject({ apiKey: '***', userKey: '***' });
    expect(new PlatformClient({ accessToken: '0123456789abcdef' }).options.accessToken).toBe(
      '***cdef',
    );
    expect(new PlatformClient({ accessToken: '0123456789abcde' }).options.accessToken).toBe('***');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(readme).toContain(
      'as `***` and their last four characters when the secret is 16 characters or longer; a shorter one shows only `***`',
    );
  });

  it('has no public way to send a raw request or emit an event', () => {
    const client = new PlatformClient() as unknown as Record<string, unknown>;
    for (const internal of ['request', 'openWith', 'emit', 'debug', 'shouldRetry'])
      expect(client[internal], internal).toBeUndefined();
  });

  it('still uses the real secrets where they belong: headers and the pricing page', async () => {
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken });
    expect((await headersSentBy(client)).get('x-sub-dev-access-token')).toBe(accessToken);
    expect(new URL(await client.pricingUrl()).searchParams.get('access_token')).toBe(accessToken);
  });
});
