import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESET_COSTUMES, PRESET_PETS } from '../domain/model/presets';
import { runCli } from './program';
import { memoryIo } from './testing/memory-io';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-program-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const io = memoryIo({ XDG_CONFIG_HOME: home });
  const code = await runCli(args, io);
  return { code, out: io.stdout.text(), err: io.stderr.text() };
}

/** Every top-level command, as --help lists them. */
const COMMANDS = [
  'login',
  'logout',
  'whoami',
  'generate',
  'batch',
  'gallery',
  'usage',
  'plan',
  'presets',
  'run',
  'serve',
  'completion',
] as const;
const GALLERY_SUBCOMMANDS = ['list', 'favorite', 'unfavorite', 'delete', 'export'] as const;

describe('pawloween', () => {
  it('documents every command and the exit codes in --help', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.out).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(help.out).toContain('Exit codes:');
    for (const line of [
      '0  ok',
      '1  failure',
      '2  usage error',
      '3  auth needed',
      '4  out of credits',
    ])
      expect(help.out).toContain(line);
  });

  it('prints its version with --version', async () => {
    const version = await cli('--version');
    expect(version.code).toBe(0);
    expect(version.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([...COMMANDS, ...GALLERY_SUBCOMMANDS.map((sub) => `gallery ${sub}`)])(
    'shows the global options and examples in `%s --help`',
    async (command) => {
      const help = await cli(...command.split(' '), '--help');
      expect(help.code).toBe(0);
      expect(help.out).toContain('Global Options:');
      for (const flag of ['--base-url <url>', '--token <token>', '--project-token <token>'])
        expect(help.out).toContain(flag);
      expect(help.out).toContain(`Examples:\n  $ pawloween ${command}`);
    },
  );

  it("shows `--token` in login's help", async () => {
    const help = (await cli('login', '--help')).out;
    expect(help).toMatch(/--token <token>.*'-' reads it from stdin/s);
  });

  it('exits 2 on an unknown command or option', async () => {
    expect((await cli('haunt')).code).toBe(2);
    const bad = await cli('generate', '--colour', 'orange');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown option '--colour'");
  });

  it('lists the 36 presets', async () => {
    const json = JSON.parse((await cli('presets', '--json')).out);
    expect(json.pets).toEqual(PRESET_PETS);
    expect(json.costumes).toEqual(PRESET_COSTUMES);
    const text = (await cli('presets')).out;
    expect(text).toContain('Pets (18)');
    expect(text).toContain('Costumes (18)');
    expect(text).toMatch(/hedgehog1\s+African Hedgehog/);
    expect(text).toMatch(/princess\s+Gothic Princess/);
  });
});
