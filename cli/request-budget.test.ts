import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG_BYTES, userHeaders } from '../tests/server/helpers';
import { cliTestPlatform } from './testing/cli-test-platform';

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
  it('one or two for each command, three for generate (gallery, run, save)', async () => {
    const { cli } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'budget-'));
    const spent = async (...args: string[]) => {
      const result = await cli('--debug', ...args);
      expect(result.code, `${args.join(' ')}\n${result.err}`).toBe(0);
      return platformCalls(result.err);
    };
    expect(await spent('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out)).toEqual([
      'GET /v1/storage',
      'POST /v1/run',
      'PUT /v1/storage',
    ]);
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

describe('generate, counted by the platform (real local platform, its rate limit on)', () => {
  // The platform's own count of the user's requests, not the CLI's word: a budget of three in a
  // window longer than any Retry-After the client waits out, so a fourth request is refused at once.
  const counted = cliTestPlatform({ rateLimit: { max: 3, windowMs: 10 * 60_000 } });

  it('spends three of the user’s requests: it succeeds within three, and the next one is refused', async () => {
    const { cli, token } = await counted.newUser();
    const out = mkdtempSync(path.join(counted.home, 'counted-'));
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out);
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
