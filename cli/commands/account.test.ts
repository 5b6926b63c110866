import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_TOKEN, signIn, userHeaders } from '../../tests/server/helpers';
import { runCli } from '../program';
import {
  listeningPlatform,
  runInMemory,
  type ListeningPlatform,
} from '../testing/cli-test-platform';
import { memoryIo } from '../testing/memory-io';

let platform: ListeningPlatform;
let baseUrl: string;
let home: string;

beforeAll(async () => {
  platform = await listeningPlatform({ faults: true });
  baseUrl = platform.baseUrl;
});
afterAll(() => platform.close());
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-home-'));
  return () => rmSync(home, { recursive: true, force: true });
});

const configFile = () => path.join(home, 'pawloween', 'config.json');

const cli = (
  args: string[],
  env: Record<string, string> = {},
  options: Parameters<typeof runInMemory>[2] = {},
) => runInMemory({ PAWLOWEEN_BASE_URL: baseUrl, XDG_CONFIG_HOME: home, ...env }, args, options);

describe('pawloween login --token, whoami, logout', () => {
  it('saves the token for this platform in a file only the owner can read, and whoami shows the user and expiry', async () => {
    const token = await signIn(platform.app, 'pumpkin@example.com');
    const login = await cli(['login', '--token', token]);
    expect(login.code).toBe(0);
    expect(login.out).toContain('pumpkin@example.com');
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).tokens).toEqual({
      [new URL(baseUrl).origin]: token,
    });

    const whoami = await cli(['whoami', '--json']);
    expect(whoami.code).toBe(0);
    const me = JSON.parse(whoami.out);
    expect(me).toMatchObject({ email: 'pumpkin@example.com', tokenSource: 'login' });
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp;
    expect(me.expiresAt).toBe(new Date(exp * 1000).toISOString());

    expect((await cli(['logout'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).tokens).toEqual({});
    // The platform revoked it: a copy of the token is dead too.
    const usage = await platform.app.inject({
      url: '/v1/subscriptions/usage',
      headers: userHeaders(token),
    });
    expect(usage.statusCode).toBe(401);
    expect((await cli(['whoami'])).code).toBe(3);
  });

  it('never sends a saved token to another platform', async () => {
    const token = await signIn(platform.app);
    await cli(['login', '--token', token]);
    const elsewhere = await cli(['whoami'], { PAWLOWEEN_BASE_URL: 'http://127.0.0.1:9' });
    expect(elsewhere.code).toBe(3);
  });

  it('refuses a token that is not a token', async () => {
    const result = await cli(['login', '--token', 'not-a-token']);
    expect(result.code).toBe(3);
    expect(result.err).toContain('expired or unreadable');
  });

  it('prefers --token over PAWLOWEEN_TOKEN over the saved token', async () => {
    const saved = await signIn(platform.app, 'saved@example.com');
    const fromEnv = await signIn(platform.app, 'env@example.com');
    const fromFlag = await signIn(platform.app, 'flag@example.com');
    await cli(['login', '--token', saved]);
    const email = async (args: string[], env = {}) =>
      JSON.parse((await cli([...args, 'whoami', '--json'], env)).out).email;
    expect(await email([])).toBe('saved@example.com');
    expect(await email([], { PAWLOWEEN_TOKEN: fromEnv })).toBe('env@example.com');
    expect(await email(['--token', fromFlag], { PAWLOWEEN_TOKEN: fromEnv })).toBe(
      'flag@example.com',
    );
  });
});

describe('pawloween login in the browser', () => {
  it('sends the browser to the authorization page with a loopback redirect and keeps the token that comes back', async () => {
    const opened: string[] = [];
    // Plays the person in the browser: submits the sign-in form, then follows the 303 home.
    const openUrl = async (url: string) => {
      opened.push(url);
      const page = new URL(url);
      const redirect = page.searchParams.get('redirect_uri')!;
      void (async () => {
        const reply = await platform.app.inject({
          method: 'POST',
          url: '/auth/sign-in',
          payload: new URLSearchParams({
            email: 'browser@example.com',
            project_token: page.searchParams.get('project_token') ?? '',
            redirect_uri: redirect,
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        await fetch(String(reply.headers.location));
      })();
      return true;
    };
    const login = await cli(['login'], { PAWLOWEEN_PROJECT_TOKEN: PROJECT_TOKEN }, { openUrl });
    expect(login.code).toBe(0);
    const page = new URL(opened[0]!);
    expect(page.pathname).toBe('/auth');
    expect(page.searchParams.get('project_token')).toBe(PROJECT_TOKEN);
    expect(page.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    expect(login.out).toContain('browser@example.com');
    expect(JSON.parse((await cli(['whoami', '--json'])).out).email).toBe('browser@example.com');
  });

  it('prints the address when no browser can open, and ignores returns without its state', async () => {
    let printed: string | undefined;
    const io = memoryIo(
      {
        PAWLOWEEN_BASE_URL: baseUrl,
        XDG_CONFIG_HOME: home,
        PAWLOWEEN_PROJECT_TOKEN: PROJECT_TOKEN,
      },
      { openUrl: async () => false },
    );
    const running = runCli(['login'], io);
    while (!printed) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      printed = /Open this address in a browser to sign in:\n {2}(\S+)/.exec(io.stderr.text())?.[1];
    }
    const redirect = new URL(new URL(printed).searchParams.get('redirect_uri')!);
    const forged = new URL('/callback?state=wrong&accessToken=x', redirect);
    expect((await fetch(forged)).status).toBe(404);
    const token = await signIn(platform.app, 'printed@example.com');
    redirect.searchParams.set('accessToken', token);
    expect((await fetch(redirect)).status).toBe(200);
    expect(await running).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).tokens).toEqual({
      [new URL(baseUrl).origin]: token,
    });
  });
});

describe('pawloween usage and plan', () => {
  it('shows credits with 2 decimals, the plan name and its status', async () => {
    const env = { PAWLOWEEN_TOKEN: await signIn(platform.app) };
    const usage = await cli(['usage'], env);
    expect(usage.code).toBe(0);
    expect(usage.out).toContain('$5.00 of $5.00');
    expect(usage.out).toContain('Used       $0.00');
    const plan = await cli(['plan'], env);
    expect(plan.code).toBe(0);
    expect(plan.out).toMatch(/Plan\s+Free/);
    expect(plan.out).toMatch(/Status\s+none/);
    expect(plan.out).toMatch(/Credits\s+\$5\.00 remaining of \$5\.00/);
  });

  it('needs a sign-in (exit 3)', async () => {
    const result = await cli(['usage']);
    expect(result.code).toBe(3);
  });
});
