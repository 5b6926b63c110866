import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_TOKEN, signIn, userHeaders } from '../../tests/server/helpers';
import { runCli } from '../program';
import {
  listeningPlatform,
  runInMemory,
  type ListeningPlatform,
} from '../testing/cli-test-platform';
import { memoryIo } from '../testing/memory-io';
import { finished, spawnCli } from '../testing/spawn-cli';

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

  // Issue 42: logout left the gallery and the display name in storage.json for the next person.
  it('logout (the real command) removes the gallery and the profile from storage.json', async () => {
    const token = await signIn(platform.app, 'shared-computer@example.com');
    const sessionData = {
      'pet-gallery': [],
      'user-profile': { displayName: 'Pumpkin Queen', avatarUrl: '' },
    };
    const stored = await platform.app.inject({
      method: 'PUT',
      url: '/v1/storage?appVersion=1',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      payload: { sessionData },
    });
    expect(stored.statusCode).toBe(200);
    expect((await cli(['login', '--token', token])).code).toBe(0);
    // What earlier commands left on this computer.
    const storageFile = path.join(home, 'pawloween', 'storage.json');
    mkdirSync(path.dirname(storageFile), { recursive: true });
    writeFileSync(
      storageFile,
      JSON.stringify(
        Object.fromEntries(Object.entries(sessionData).map(([k, v]) => [k, JSON.stringify(v)])),
      ),
      { mode: 0o600 },
    );

    const logout = await finished(
      spawnCli(['logout'], { PAWLOWEEN_BASE_URL: baseUrl, XDG_CONFIG_HOME: home }),
    );
    expect(logout.code, logout.err).toBe(0);
    const left = readFileSync(storageFile, 'utf8');
    expect(left).not.toContain('Pumpkin Queen');
    expect(Object.keys(JSON.parse(left) as object)).not.toContain('pet-gallery');
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
    const io = memoryIo(
      {
        PAWLOWEEN_BASE_URL: baseUrl,
        XDG_CONFIG_HOME: home,
        PAWLOWEEN_PROJECT_TOKEN: PROJECT_TOKEN,
      },
      // Plays the person in the browser: types the code the terminal shows and signs in, then
      // follows the 303 home.
      {
        openUrl: async (url: string) => {
          opened.push(url);
          const page = new URL(url);
          void (async () => {
            const code = await vi.waitFor(() => {
              const shown = /type this code: (\S+)/.exec(io.stderr.text())?.[1];
              if (!shown) throw new Error('not yet');
              return shown;
            });
            const reply = await platform.app.inject({
              method: 'POST',
              url: '/auth/sign-in',
              payload: new URLSearchParams({
                email: 'browser@example.com',
                listener_code: code,
                project_token: page.searchParams.get('project_token') ?? '',
                redirect_uri: page.searchParams.get('redirect_uri')!,
              }).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            });
            await fetch(String(reply.headers.location));
          })();
          return true;
        },
      },
    );
    expect(await runCli(['login'], io)).toBe(0);
    const page = new URL(opened[0]!);
    expect(page.pathname).toBe('/auth');
    expect(page.searchParams.get('project_token')).toBe(PROJECT_TOKEN);
    expect(page.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
    expect(io.stderr.text()).toMatch(/When the page asks, type this code: [A-Z]{4}-[A-Z]{4}\n/);
    expect(io.stdout.text()).toContain('browser@example.com');
    expect(JSON.parse((await cli(['whoami', '--json'])).out).email).toBe('browser@example.com');
  });

  it('ignores returns to its listener without the state it sent', async () => {
    const io = memoryIo(
      {
        PAWLOWEEN_BASE_URL: baseUrl,
        XDG_CONFIG_HOME: home,
        PAWLOWEEN_PROJECT_TOKEN: PROJECT_TOKEN,
      },
      // A browser that opens and then sits there: the person signs in by hand.
      { openUrl: async () => true },
    );
    const running = runCli(['login'], io);
    const printed = await vi.waitFor(() => {
      const url = /If it did not appear, open:\n {2}(\S+)/.exec(io.stderr.text())?.[1];
      if (!url) throw new Error('not yet');
      return url;
    });
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

describe('pawloween login from another device (no browser here, SSH)', () => {
  const approve = (userCode: string, email: string) =>
    platform.app.inject({
      method: 'POST',
      url: '/auth/device',
      payload: new URLSearchParams({ user_code: userCode, email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function startLogin(env: Record<string, string> = {}, args: string[] = []) {
    const io = memoryIo({
      PAWLOWEEN_BASE_URL: baseUrl,
      XDG_CONFIG_HOME: home,
      PAWLOWEEN_PROJECT_TOKEN: PROJECT_TOKEN,
      ...env,
    });
    const running = runCli(['login', ...args], io);
    const code = await vi.waitFor(() => {
      const shown = /enter the code {2}([A-Z]{4}-[A-Z]{4})/.exec(io.stderr.text())?.[1];
      if (!shown) throw new Error('no code yet');
      return shown;
    });
    return { io, running, code };
  }

  it('prints an address and a short code when no browser can open; approving it on any device signs the terminal in', async () => {
    const { io, running, code } = await startLogin();
    expect(io.stderr.text()).toContain('No browser could be opened here.');
    const address = /open this address in a browser on any device:\n {2}(\S+)/.exec(
      io.stderr.text(),
    )?.[1];
    expect(address).toBe(`${baseUrl}/auth/device`);
    const page = await platform.app.inject({ url: `/auth/device?code=${code}` });
    expect(page.body).toContain(`value="${code}"`);
    // Typed in lower case without the dash, as people do.
    const approved = await approve(code.replace('-', '').toLowerCase(), 'far-away@example.com');
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('Your device is signed in');
    expect(await running).toBe(0);
    expect(io.stdout.text()).toContain('far-away@example.com');
    expect(JSON.parse((await cli(['whoami', '--json'])).out).email).toBe('far-away@example.com');
  });

  it('over SSH goes straight to the device sign-in, and with --device too', async () => {
    for (const [env, args] of [
      [{ SSH_CONNECTION: '10.0.0.2 50000 10.0.0.1 22' }, []],
      [{}, ['--device']],
    ] as const) {
      const { io, running, code } = await startLogin(env, [...args]);
      expect(io.stderr.text()).not.toContain('No browser could be opened');
      expect((await approve(code, 'ssh@example.com')).statusCode).toBe(200);
      expect(await running).toBe(0);
    }
  });

  it('a wrong code is refused on the page and the terminal keeps waiting; a code answers its token once', async () => {
    const { running, code } = await startLogin();
    const wrong = await approve('BCDF-BCDF', 'someone@example.com');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code is not waiting for a sign-in');
    expect((await approve(code, 'once@example.com')).statusCode).toBe(200);
    expect((await approve(code, 'twice@example.com')).statusCode).toBe(400);
    expect(await running).toBe(0);
  });
});

describe('pawloween login --token: checked with the platform before it is saved', () => {
  it('reads the token from stdin with --token -', async () => {
    const token = await signIn(platform.app, 'stdin@example.com');
    const login = await cli(['login', '--token', '-'], {}, { stdin: `${token}\n` });
    expect(login.code).toBe(0);
    expect(login.out).toContain('stdin@example.com');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).tokens).toEqual({
      [new URL(baseUrl).origin]: token,
    });
    const empty = await cli(['login', '--token', '-'], {}, { stdin: '' });
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('No token came on standard input.');
  });

  it('a token the platform refuses (signed out, revoked) is not saved: exit 3', async () => {
    const token = await signIn(platform.app, 'revoked@example.com');
    await platform.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: userHeaders(token),
    });
    const login = await cli(['login', '--token', token]);
    expect(login.code).toBe(3);
    expect(login.err).toContain('refused your token');
    expect(() => readFileSync(configFile(), 'utf8')).toThrow();
  });

  it('with the platform down, nothing is saved and the platform is named: exit 1', async () => {
    const token = await signIn(platform.app, 'down@example.com');
    const login = await cli(['login', '--token', token], {
      PAWLOWEEN_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(login.code).toBe(1);
    expect(login.err).toContain('Platform Not Reachable');
    expect(login.err).toContain('http://127.0.0.1:9');
    expect(() => readFileSync(configFile(), 'utf8')).toThrow();
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
