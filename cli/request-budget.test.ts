import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG_BYTES, userHeaders } from '../tests/server/helpers';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';
import { generateArgs } from './testing/generate-args';

// The platform takes 60 requests a minute from a user (SPEC.md 9). Each command spends only what
// it shows or changes: counted here with --debug, which lists every request sent, against the real
// local platform with its rate limit on.
const shared = cliTestPlatform();

/** The platform calls (/v1) a command sent, as --debug listed them. */
const platformCalls = (err: string) =>
  err
    .split('\n')
    .filter((line) => /^\[debug\] (GET|POST|PUT|DELETE|PATCH) \S+\/v1\//.test(line))
    .map((line) => line.replace(/^\[debug\] (\w+) [^/]+(\/\S+) .*$/, '$1 $2'));

describe('requests a command spends (real local platform)', () => {
  it('one or two for each command; generate reads the gallery once a device, then runs and saves', async () => {
    const { cli } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'budget-'));
    const spent = async (...args: string[]) => {
      const result = await cli('--debug', ...args);
      expect(result.code, `${args.join(' ')}\n${result.err}`).toBe(0);
      return platformCalls(result.err);
    };
    expect(await spent(...generateArgs(out))).toEqual([
      'GET /v1/storage',
      'POST /v1/run',
      'PUT /v1/storage',
    ]);
    // The save left the gallery and its ETag on this device: the next generate does not read it.
    expect(await spent(...generateArgs(out))).toEqual(['POST /v1/run', 'PUT /v1/storage']);
    const [item] = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
    const id = item!.id;
    const budget: [string[], string[]][] = [
      [['whoami'], ['GET /v1/subscriptions/usage']],
      [['usage'], ['GET /v1/subscriptions/usage']],
      [['plan'], ['GET /v1/subscriptions/usage', 'GET /v1/subscriptions/plan']],
      [['presets'], []],
      [['gallery', 'list'], ['GET /v1/storage']],
      [
        ['gallery', 'favorite', id],
        ['GET /v1/storage', 'PUT /v1/storage'],
      ],
      [
        ['gallery', 'unfavorite', id],
        ['GET /v1/storage', 'PUT /v1/storage'],
      ],
      [['gallery', 'export', path.join(out, 'export')], ['GET /v1/storage']],
      [['run', 'text/spooky-namer', '--input', '{"prompt":"a bat"}'], ['POST /v1/run']],
      [
        ['gallery', 'delete', id, '--yes'],
        ['GET /v1/storage', 'PUT /v1/storage'],
      ],
      [['logout'], ['POST /v1/auth/sign-out']],
    ];
    for (const [args, calls] of budget) expect(await spent(...args), args.join(' ')).toEqual(calls);
  });

  it('batch: the gallery once, then a run and a save for each combination', async () => {
    const { cli } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'budget-'));
    // The test platform has one preset of each kind: a photo makes the second combination.
    const photo = path.join(out, 'rex.png');
    writeFileSync(photo, PNG_BYTES);
    const result = await cli(
      '--debug',
      'batch',
      '--pets',
      `dog1,${photo}`,
      '--costumes',
      'vampire',
      '--concurrency',
      '1',
      '--out',
      out,
    );
    expect(result.code, result.err).toBe(0);
    const calls = platformCalls(result.err);
    expect(calls.filter((call) => call === 'POST /v1/run')).toHaveLength(2);
    expect(calls.filter((call) => call === 'PUT /v1/storage')).toHaveLength(2);
    // The first save edits the gallery read at the start; the second reads what the first wrote.
    expect(calls.filter((call) => call === 'GET /v1/storage')).toHaveLength(2);
    expect(calls).toHaveLength(6);
  });
});

describe('the gallery kept on this device between commands (real local platform)', () => {
  const savedId = (err: string) => /^Saved to your gallery as (\S+)\.$/m.exec(err)?.[1];

  it('a gallery changed by another client between two generates keeps every creation', async () => {
    const { cli, env } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'kept-'));
    const first = await cli(...generateArgs(out));
    expect(first.code, first.err).toBe(0);
    // Another terminal (its own config folder, so no copy of this gallery) adds a creation.
    const elsewhere = { ...env, XDG_CONFIG_HOME: mkdtempSync(path.join(shared.home, 'other-')) };
    const other = await runInMemory(elsewhere, generateArgs(out));
    expect(other.code, other.err).toBe(0);
    // This device's copy is now stale: the save is refused (412), the gallery read and merged.
    const second = await cli('--debug', ...generateArgs(out));
    expect(second.code, second.err).toBe(0);
    expect(second.err).not.toContain('Warning');
    expect(platformCalls(second.err)).toEqual([
      'POST /v1/run',
      'PUT /v1/storage',
      'GET /v1/storage',
      'PUT /v1/storage',
    ]);
    expect(second.err).toMatch(/^\[debug\] PUT \S+\/v1\/storage -> 412\b/m);
    const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
    expect(items.map((item) => item.id).sort()).toEqual(
      [first, other, second].map((result) => savedId(result.err)).sort(),
    );
  });

  it('a deletion and a heart made elsewhere stay as they were made, not undone by the stale copy', async () => {
    const { cli, env } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'kept-'));
    const x = savedId((await cli(...generateArgs(out))).err);
    const y = savedId((await cli(...generateArgs(out))).err);
    // Another terminal deletes one creation and hearts the other; this device's copy has neither.
    const elsewhere = { ...env, XDG_CONFIG_HOME: mkdtempSync(path.join(shared.home, 'other-')) };
    expect((await runInMemory(elsewhere, ['gallery', 'delete', x!, '--yes'])).code).toBe(0);
    expect((await runInMemory(elsewhere, ['gallery', 'favorite', y!])).code).toBe(0);
    const z = await cli('--debug', ...generateArgs(out));
    expect(z.code, z.err).toBe(0);
    expect(z.err).toMatch(/^\[debug\] PUT \S+\/v1\/storage -> 412\b/m);
    const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as {
      id: string;
      isFavorite: boolean;
    }[];
    expect(items.map(({ id, isFavorite }) => [id, isFavorite])).toEqual([
      [savedId(z.err), false],
      [y, true],
    ]);
  });

  it('is the owner’s alone (0600), per user and platform, and forgotten at logout', async () => {
    const { cli } = await shared.newUser();
    const { cli: someoneElse } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'kept-'));
    const file = path.join(shared.home, 'pawloween', 'gallery-read.json');
    const kept = () =>
      existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')).reads as object) : [];
    const before = kept().length;
    expect((await cli(...generateArgs(out))).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Another user at the same platform, with the same config folder, reads their own gallery.
    expect(platformCalls((await someoneElse('--debug', ...generateArgs(out))).err)[0]).toBe(
      'GET /v1/storage',
    );
    expect(kept()).toHaveLength(before + 2);
    expect((await cli('logout')).code).toBe(0);
    expect(kept().filter((key) => key.startsWith(`${shared.platform.baseUrl} `))).toEqual([]);
  });
});

describe('generate, counted by the platform (real local platform, its rate limit on)', () => {
  // The platform's own count of the user's requests, not the CLI's word: a budget of two in a
  // window longer than any Retry-After the client waits out, so a third request is refused at once.
  // The platform's clock is moved on to open the next window.
  const WINDOW_MS = 10 * 60_000;
  let skew = 0;
  const counted = cliTestPlatform({
    rateLimit: { max: 2, windowMs: WINDOW_MS },
    now: () => Date.now() + skew,
  });

  it('spends two of the user’s requests once the gallery is on this device: it succeeds within two, and the next one is refused', async () => {
    const { cli, token } = await counted.newUser();
    const out = mkdtempSync(path.join(counted.home, 'counted-'));
    // A read of the gallery (one request) leaves it on this device; then a new window opens.
    expect((await cli('gallery', 'list')).code).toBe(0);
    skew += WINDOW_MS;
    const result = await cli(...generateArgs(out));
    expect(result.code, result.err).toBe(0);
    expect(result.err).toMatch(/^Saved to your gallery as \d+\.$/m);
    expect(result.err).not.toContain('Warning');
    const next = await fetch(`${counted.platform.baseUrl}/v1/subscriptions/usage`, {
      headers: userHeaders(token),
    });
    expect(next.status).toBe(429);
  });
});

describe('a command over the rate limit (real local platform)', () => {
  // A small budget and a short window, so the limit is reached and lifts within the test.
  const limited = cliTestPlatform({ rateLimit: { max: 2, windowMs: 3000 } });

  it('says "Rate limited, retrying in N s" with the Retry-After, waits it out and succeeds', async () => {
    const { cli } = await limited.newUser();
    let result = await cli('usage');
    // Spend the window's budget, until a command meets the limit.
    for (let tries = 0; tries < 5 && !result.err.includes('Rate limited'); tries++)
      result = await cli('usage');
    expect(result.err).toMatch(/^Rate limited, retrying in [1-3] s\b/m);
    expect(result.err).not.toContain('Waiting for');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Remaining');
  });
});
