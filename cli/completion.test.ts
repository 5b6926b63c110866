import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from './program';
import { memoryIo } from './testing/memory-io';
import { BIN, finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-completion-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The scripts as the real `pawloween completion SHELL` prints them, saved as files. */
const scriptFile = (shell: string) => path.join(home, `completion.${shell}`);
const scripts: Record<string, string> = {};
beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await finished(spawnCli(['completion', shell], { XDG_CONFIG_HOME: home }));
    expect(result).toMatchObject({ code: 0, err: '' });
    scripts[shell] = result.out;
    writeFileSync(scriptFile(shell), result.out);
  }
});

/** Every command and gallery subcommand, read from the program itself. */
const program = createProgram(memoryIo({ XDG_CONFIG_HOME: home }));
const commands = program.commands.flatMap((command) => [
  { words: [command.name()], command },
  ...command.commands.map((sub) => ({ words: [command.name(), sub.name()], command: sub })),
]);

const installed = (shell: string) => spawnSync(shell, ['-c', 'true']).status === 0;
const run = (shell: string, args: string[]) =>
  spawnSync(shell, args, {
    encoding: 'utf8',
    cwd: path.resolve('.'),
    env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home },
  });

/** What TAB offers after `pawloween WORDS...` in real bash (COMP_WORDS as bash sets them). */
function bash(...words: string[]): string[] {
  const result = run('bash', [
    '-c',
    `source '${scriptFile('bash')}'
COMP_WORDS=(pawloween "$@"); COMP_CWORD=$#; COMPREPLY=()
_pawloween
printf '%s\\n' "\${COMPREPLY[@]}"`,
    'bash',
    ...words,
  ]);
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

describe('pawloween completion bash', () => {
  it('registers a completion function for pawloween (source <(pawloween completion bash))', () => {
    const result = run('bash', [
      '-c',
      `pawloween() { '${process.execPath}' '${BIN}' "$@"; }
source <(pawloween completion bash) && complete -p pawloween`,
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('complete -o default -F _pawloween pawloween\n');
  });

  it('offers every command, and every option of each command with the global ones', () => {
    const top = bash('');
    for (const command of program.commands) expect(top).toContain(command.name());
    for (const { words, command } of commands) {
      const offered = bash(...words, '--');
      for (const option of command.options) expect(offered).toContain(option.long);
      expect(offered).toEqual(expect.arrayContaining(['--base-url', '--token', '--help']));
    }
  });

  it('completes by prefix, past global options and their values, and offers known values', () => {
    expect(bash('gal')).toEqual(['gallery']);
    expect(bash('--base-url', 'gallery', 'gallery', 'unf')).toEqual(['unfavorite']);
    expect(bash('gallery', 'list', '--fav')).toEqual(['--favorites']);
    expect(bash('run', 'text/x', '--mode', '')).toEqual(['chunk', 'letter', 'word']);
    expect(bash('completion', '')).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
    // A folder or file is asked for: the shell's file names.
    expect(bash('generate', '--out', 'cli/comma')).toEqual(['cli/commands']);
  });
});

describe('pawloween completion zsh and fish', () => {
  it('names every command and option', () => {
    for (const shell of ['zsh', 'fish']) {
      const script = scripts[shell]!;
      for (const { command } of commands) {
        expect(script).toContain(command.name());
        for (const option of command.options)
          expect(script).toContain(shell === 'fish' ? `-l ${option.long!.slice(2)}` : option.long);
      }
    }
    expect(scripts.zsh).toMatch(/^#compdef pawloween\n/);
  });

  it.skipIf(!installed('zsh'))(
    'is read by zsh and completes there (skipped where zsh is not installed)',
    () => {
      expect(run('zsh', ['-n', scriptFile('zsh')])).toMatchObject({ status: 0, stderr: '' });
      // The completion system's compadd and _files, stood in for to see what would be offered.
      const result = run('zsh', [
        '-c',
        `autoload -U compinit && compinit -u -d '${home}/zcompdump'
source '${scriptFile('zsh')}'
compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
_files() { print FILES }
words=(pawloween gallery ''); CURRENT=3; _pawloween
words=(pawloween run x --mode ''); CURRENT=5; _pawloween
words=(pawloween generate --out ''); CURRENT=4; _pawloween`,
      ]);
      expect(result.stderr).toBe('');
      const offered = result.stdout.split('\n');
      expect(offered).toEqual(expect.arrayContaining(['list', 'unfavorite', '--base-url']));
      expect(offered).toEqual(expect.arrayContaining(['chunk', 'letter', 'word', 'FILES']));
    },
  );

  it.skipIf(!installed('fish'))(
    'is read by fish and completes there (skipped where fish is not installed)',
    () => {
      expect(run('fish', ['-n', scriptFile('fish')])).toMatchObject({ status: 0, stderr: '' });
      const complete = (line: string) =>
        run('fish', ['-c', `source '${scriptFile('fish')}'; complete -C '${line}'`])
          .stdout.split('\n')
          .map((entry) => entry.split('\t')[0]);
      expect(complete('pawloween gal')).toContain('gallery');
      expect(complete('pawloween gallery ')).toEqual(
        expect.arrayContaining(['list', 'favorite', 'unfavorite', 'delete', 'export']),
      );
      expect(complete('pawloween gallery list --')).toEqual(
        expect.arrayContaining(['--favorites', '--json', '--base-url']),
      );
      expect(complete('pawloween run x --mode ')).toEqual(['chunk', 'letter', 'word', '']);
    },
  );
});

describe('pawloween completion, asked badly', () => {
  it('refuses a shell it does not know as a usage error', async () => {
    const result = await finished(spawnCli(['completion', 'tcsh'], { XDG_CONFIG_HOME: home }));
    expect(result.code).toBe(2);
    expect(result.err).toContain('Allowed choices are bash, zsh, fish');
  });
});
