import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-bare-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('bare `pawloween`', () => {
  it('prints the help on stdout and exits 0, like --help', async () => {
    const bare = await finished(spawnCli([], { XDG_CONFIG_HOME: home }));
    expect(bare.code).toBe(0);
    expect(bare.out).toMatch(/^Usage: pawloween \[options\] \[command\]/);
    expect(bare.out).toContain('Exit codes:');
    expect(bare.err).toBe('');
    const help = await finished(spawnCli(['--help'], { XDG_CONFIG_HOME: home }));
    expect(bare.out).toBe(help.out);
  });
});

describe('a bare command group (`pawloween gallery`)', () => {
  it('prints its help on stdout and exits 0, like bare `pawloween` and `gh repo`', async () => {
    const bare = await finished(spawnCli(['gallery'], { XDG_CONFIG_HOME: home }));
    expect(bare.code).toBe(0);
    expect(bare.out).toMatch(/^Usage: pawloween gallery \[options\] \[command\]/);
    expect(bare.err).toBe('');
    const help = await finished(spawnCli(['gallery', '--help'], { XDG_CONFIG_HOME: home }));
    expect(bare.out).toBe(help.out);
  });

  it('keeps a word that names none of its commands a usage error (2)', async () => {
    const typo = await finished(spawnCli(['gallery', 'lst'], { XDG_CONFIG_HOME: home }));
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("Error: unknown command 'lst'");
    expect(typo.err).toContain('Did you mean list?');
    expect(typo.out).toBe('');
  });
});
