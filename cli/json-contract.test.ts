import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armFault } from '../tests/server/helpers';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';

const shared = cliTestPlatform({ faults: true, publicDir: path.resolve('ui/public') });
/** `generate --pet dog1 --costume vampire --out <a new folder>`, plus extra arguments. */
const generateDog = <R>(cli: (...args: string[]) => Promise<R>, ...extra: string[]) =>
  cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', outDir(), ...extra);
const outDir = () => mkdtempSync(path.join(shared.home, 'json-'));

const CREATION_KEYS = [
  'pet',
  'costume',
  'id',
  'timestamp',
  'imageUrl',
  'videoUrl',
  'isFavorite',
  'imageFile',
  'videoFile',
  'synced',
  'error',
];
const ERROR_KEYS = ['code', 'title', 'message', 'action', 'requestId'];
const keys = (value: unknown) => Object.keys(value as object).sort();

/** One compact JSON value on one line: what a script reads with a single JSON.parse. */
function parsed(out: string): unknown {
  expect(out.endsWith('\n')).toBe(true);
  expect(out.trimEnd()).not.toContain('\n');
  return JSON.parse(out);
}

/** The failure object: all five keys, strings or null, and nothing else on stdout. */
function failure(out: string) {
  const value = parsed(out) as { error: Record<string, unknown> };
  expect(keys(value)).toEqual(['error']);
  expect(keys(value.error)).toEqual([...ERROR_KEYS].sort());
  for (const key of ERROR_KEYS)
    expect(value.error[key] === null || typeof value.error[key] === 'string').toBe(true);
  return value.error;
}

describe('--json on success: one compact value, the same keys every time', () => {
  it('generate, batch and gallery list, with null where there is nothing', async () => {
    const { cli } = await shared.newUser();
    const one = parsed(
      (await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', outDir(), '--json'))
        .out,
    );
    expect(keys(one)).toEqual([...CREATION_KEYS].sort());
    expect(one).toMatchObject({ pet: 'dog1', costume: 'vampire', error: null, synced: true });

    const batch = await cli('batch', '--pets', 'cat1', '--costumes', 'ghost', '--json');
    expect(batch.code).toBe(0);
    const answer = parsed(batch.out) as { results: unknown[] };
    expect(keys(answer)).toEqual(['error', 'failed', 'results', 'succeeded', 'total']);
    expect(answer).toMatchObject({ total: 1, succeeded: 1, failed: 0, error: null });
    // No --out: the file keys are there, and null.
    expect(answer.results[0]).toMatchObject({ imageFile: null, videoFile: null, error: null });
    expect(keys(answer.results[0])).toEqual([...CREATION_KEYS].sort());

    const list = parsed((await cli('gallery', 'list', '--json')).out) as unknown[];
    expect(list).toHaveLength(2);
    for (const item of list)
      expect(keys(item)).toEqual(['id', 'imageUrl', 'isFavorite', 'timestamp', 'videoUrl']);
    const id = (list[0] as { id: string }).id;
    expect(parsed((await cli('gallery', 'favorite', id, '--json')).out)).toEqual({
      id,
      isFavorite: true,
    });
    const exported = parsed((await cli('gallery', 'export', outDir(), '--json')).out);
    expect(keys(exported)).toEqual(['creations', 'dir', 'files']);
    expect(parsed((await cli('gallery', 'delete', id, '--yes', '--json')).out)).toEqual({
      id,
      deleted: true,
    });
  });

  it('usage, plan, whoami and presets', async () => {
    const { cli } = await shared.newUser();
    expect(keys(parsed((await cli('usage', '--json')).out))).toEqual([
      'allocatedCredits',
      'remainingCredits',
      'usedCredits',
    ]);
    const plan = parsed((await cli('plan', '--json')).out);
    expect(keys(plan)).toEqual([
      'credits',
      'endsAt',
      'hasActiveSubscription',
      'plan',
      'startedAt',
      'status',
    ]);
    expect(plan).toMatchObject({ status: 'none', startedAt: null, endsAt: null });
    const me = parsed((await cli('whoami', '--json')).out);
    expect(keys(me)).toEqual([
      'avatarUrl',
      'baseUrl',
      'email',
      'expiresAt',
      'tokenSource',
      'userId',
    ]);
    expect(keys(parsed((await cli('presets', '--json')).out))).toEqual(['costumes', 'pets']);
    const { env, token } = await shared.newUser();
    const ownHome = mkdtempSync(path.join(shared.home, 'login-'));
    const login = await runInMemory(
      { ...env, PAWLOWEEN_TOKEN: undefined, XDG_CONFIG_HOME: ownHome },
      ['login', '--token', token, '--json'],
    );
    expect(keys(parsed(login.out))).toEqual(keys(me));
  });
});

describe('--json on failure: an error object on stdout and the matching exit code', () => {
  it('out of credits (4)', async () => {
    const { cli } = await shared.newUser();
    await armFault(shared.platform.app, { next: '402' });
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--json');
    expect(result.code).toBe(4);
    expect(failure(result.out)).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      title: 'Insufficient Credits',
      action: expect.stringContaining('pawloween plan --open'),
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('not signed in (3), a bad preset and an unknown option (2)', async () => {
    const env = { PAWLOWEEN_BASE_URL: shared.platform.baseUrl, XDG_CONFIG_HOME: shared.home };
    const signedOut = await runInMemory(env, ['usage', '--json']);
    expect(signedOut.code).toBe(3);
    expect(failure(signedOut.out)).toMatchObject({ code: 'NOT_SIGNED_IN', requestId: null });

    const bad = await runInMemory(env, ['generate', '--pet', 'nope', '--costume', 'x', '--json']);
    expect(bad.code).toBe(2);
    expect(failure(bad.out)).toMatchObject({ code: 'USAGE_ERROR' });

    const unknown = await runInMemory(env, ['usage', '--json', '--colour']);
    expect(unknown.code).toBe(2);
    expect(failure(unknown.out)).toMatchObject({ code: 'USAGE_ERROR' });
  });

  it('a video that failed after its image (1): the creation with its error', async () => {
    const { cli } = await shared.newUser();
    await armFault(shared.platform.app, { next: 'video-fail' });
    const result = await generateDog(cli, '--json');
    expect(result.code).toBe(1);
    const value = parsed(result.out) as Record<string, unknown>;
    expect(keys(value)).toEqual([...CREATION_KEYS].sort());
    expect(value).toMatchObject({ videoUrl: null, videoFile: null });
    expect(keys(value.error)).toEqual([...ERROR_KEYS].sort());
  });
});
