import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armFault, signIn } from '../../tests/server/helpers';
import { cliTestPlatform, listeningPlatform, runInMemory } from '../testing/cli-test-platform';

const shared = cliTestPlatform({ faults: true, publicDir: path.resolve('ui/public') });
const user = async () => (await shared.newUser()).cli;

describe('pawloween batch', () => {
  it('generates every combination, saves each to the gallery with its own id, and prints a summary table', async () => {
    const cli = await user();
    const out = mkdtempSync(path.join(shared.home, 'out-'));
    const result = await cli(
      'batch',
      '--pets',
      'dog1,cat1,rabbit1',
      '--costumes',
      'vampire,witch',
      '--concurrency',
      '4',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/#\s+Pet\s+Costume\s+Result/);
    for (const pet of ['dog1', 'cat1', 'rabbit1'])
      for (const costume of ['vampire', 'witch'])
        expect(result.out).toMatch(new RegExp(`${pet}\\s+${costume}\\s+ok`));
    expect(result.out).toContain('6 of 6 succeeded.');
    expect(readdirSync(out)).toHaveLength(12);
    const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
  });

  it('lists failures with their error card titles and exits non-zero', async () => {
    const cli = await user();
    // A named run is not sent again: one fault fails the first run alone.
    await armFault(shared.platform.app, { next: 'run-fail', count: 1 });
    const result = await cli(
      'batch',
      '--pets',
      'dog1,cat1',
      '--costumes',
      'ghost',
      '--concurrency',
      '1',
    );
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/dog1\s+ghost\s+failed/);
    expect(result.out).toMatch(/cat1\s+ghost\s+ok/);
    expect(result.err).toContain('1 of 2 failed:');
    expect(result.err).toContain('dog1 + ghost: Image generation failed during processing');
  });

  it('exits 4 when the credits run out part way, naming the failures as Insufficient Credits', async () => {
    // Its own platform where a generation costs $1.00: the free $5.00 pay for 5 of these 6.
    const dear = await listeningPlatform({
      publicDir: path.resolve('ui/public'),
      pricing: { imageCents: 60, videoCents: 40 },
    });
    try {
      const env = {
        PAWLOWEEN_BASE_URL: dear.baseUrl,
        PAWLOWEEN_TOKEN: await signIn(dear.app),
        XDG_CONFIG_HOME: shared.home,
      };
      const args = [
        'batch',
        '--pets',
        'dog1,cat1,rabbit1',
        '--costumes',
        'vampire,witch',
        '--json',
      ];
      const result = await runInMemory(env, args);
      expect(result.code).toBe(4);
      expect(JSON.parse(result.out)).toMatchObject({ total: 6, succeeded: 5, failed: 1 });
      expect(result.err).toContain('1 of 6 failed:');
      expect(result.err).toMatch(/^ {2}\w+ \+ \w+: Insufficient Credits$/m);
      expect(result.err).toContain('Next: Add credits: `pawloween plan --open`');
      expect(result.err).toMatch(/Request id: \S+/);
      expect(result.err).not.toMatch(/unexpected error|UNKNOWN_ERROR/i);
      const usage = await runInMemory(env, ['usage', '--json']);
      expect(JSON.parse(usage.out).remainingCredits).toBe(0);
    } finally {
      await dear.close();
    }
  });

  it('checks every input before spending a credit', async () => {
    const cli = await user();
    const result = await cli('batch', '--pets', 'dog1,nosuchpet', '--costumes', 'vampire');
    expect(result.code).toBe(2);
    expect(result.err).toContain("Unknown pet preset 'nosuchpet'");
    expect(JSON.parse((await cli('usage', '--json')).out).usedCredits).toBe(0);
  });

  it('checks --out before spending a credit', async () => {
    const cli = await user();
    const file = path.join(mkdtempSync(path.join(shared.home, 'out-')), 'not-a-folder');
    writeFileSync(file, '');
    const result = await cli('batch', '--pets', 'dog1', '--costumes', 'vampire', '--out', file);
    expect(result.code).toBe(2);
    expect(result.err).toContain('is a file, not a folder');
    expect(JSON.parse((await cli('usage', '--json')).out).usedCredits).toBe(0);
  });

  it('never asks for more than 10 at once', async () => {
    const cli = await user();
    const result = await cli(
      'batch',
      '--pets',
      'dog1',
      '--costumes',
      'vampire',
      '--concurrency',
      '11',
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain('a whole number from 1 to 10');
  });
});
