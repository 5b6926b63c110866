import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateArgs } from './testing/generate-args';
import { finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-out-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const aFile = path.join(home, 'a-file.txt');
writeFileSync(aFile, 'not a folder');

/** The real process, killed if it has not ended in 20 s (it hung for ever on /proc/x). */
const real = (args: string[]) =>
  finished(spawnCli(args, { XDG_CONFIG_HOME: home }, { timeout: 20_000 }));

describe('a place that cannot hold files, refused up front (exit 2) before anything is spent', () => {
  it.each([
    [
      'generate --out /proc/x',
      generateArgs('/proc/x'),
      'Cannot write into --out /proc/x (ENOENT).',
    ],
    ['generate --out /proc/x/y', generateArgs('/proc/x/y'), 'Cannot write into --out /proc/x/y'],
    ['generate --out /proc', generateArgs('/proc'), 'Cannot write into --out /proc (ENOENT).'],
    [
      'batch --out /proc/x',
      ['batch', '--pets', 'dog1', '--costumes', 'vampire', '--out', '/proc/x'],
      'Cannot write into --out /proc/x',
    ],
    [
      'gallery export /proc/x',
      ['gallery', 'export', '/proc/x'],
      'Cannot write into export /proc/x',
    ],
    ['generate --out FILE', generateArgs(aFile), `--out ${aFile} is a file, not a folder.`],
    [
      'generate --out FILE/x',
      generateArgs(path.join(aFile, 'x')),
      'A part of that path is a file.',
    ],
  ])('%s', async (_name, args, said) => {
    const result = await real(args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(said);
    expect(result.err).not.toMatch(/^\s+at /m);
    expect(result.out).toBe('');
  });
});
