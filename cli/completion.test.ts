import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_COSTUMES, PRESET_PETS } from '../domain/model/presets';
import { createProgram } from './program';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';
import { memoryIo } from './testing/memory-io';
import { BIN, finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-completion-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The scripts as the real `pawloween completion SHELL` prints them, saved as files. */
const scriptFile = (shell: string) => path.join(home, `completion.${shell}`);
const scripts: Record<string, string> = {};
// Three processes, side by side: each starts node and the CLI (seconds on a busy machine).
beforeAll(async () => {
  await Promise.all(
    ['bash', 'zsh', 'fish'].map(async (shell) => {
      const result = await finished(spawnCli(['completion', shell], { XDG_CONFIG_HOME: home }));
      expect(result).toMatchObject({ code: 0, err: '' });
      scripts[shell] = result.out;
      writeFileSync(scriptFile(shell), result.out);
    }),
  );
}, 30_000);

/** Every command and gallery subcommand, read from the program itself. */
const program = createProgram(memoryIo({ XDG_CONFIG_HOME: home }));
// `__complete` is the scripts' own, hidden from --help and TAB.
const visible = program.commands.filter((command) => !command.name().startsWith('__'));
const commands = visible.flatMap((command) => [
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

/** `pawloween` as a shell function: the installed entry, as the scripts call it. */
const PAWLOWEEN = `pawloween() { '${process.execPath}' '${BIN}' "$@"; }`;

/** bash's lines to TAB after `pawloween "$@"` (COMP_WORDS as bash sets them) and print the offers. */
const TAB = `${PAWLOWEEN}
source '${scriptFile('bash')}'
COMP_WORDS=(pawloween "$@"); COMP_CWORD=$#; COMPREPLY=()
_pawloween
printf '%s\\n' "\${COMPREPLY[@]}"`;

/** What TAB offers after `pawloween WORDS...` in real bash. */
function bash(...words: string[]): string[] {
  const result = run('bash', ['-c', TAB, 'bash', ...words]);
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

/** As bash(), with `env`, without blocking this process (where the test platform answers). */
async function bashIn(env: Record<string, string>, ...words: string[]): Promise<string[]> {
  const child = spawn('bash', ['-c', TAB, 'bash', ...words], {
    cwd: path.resolve('.'),
    env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: home, ...env },
  });
  const result = await finished(child);
  expect(result.err).toBe('');
  return result.out.split('\n').filter(Boolean);
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
    for (const command of visible) expect(top).toContain(command.name());
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

describe('pawloween completion bash, with values the program knows', () => {
  const shared = cliTestPlatform();

  it("offers generate's --keep-background (issue 40)", () => {
    expect(bash('generate', '--keep')).toEqual(['--keep-background']);
  });

  it('offers preset ids for --pet and --costume, and files too (a picture is taken)', () => {
    expect(bash('generate', '--pet', 'dog')).toEqual(
      PRESET_PETS.filter((pet) => pet.id.startsWith('dog')).map((pet) => pet.id),
    );
    expect(bash('generate', '--pet', 'dog1', '--costume', '')).toEqual(
      expect.arrayContaining(PRESET_COSTUMES.map((costume) => costume.id)),
    );
    expect(bash('generate', '--costume', 'cli/comma')).toEqual(['cli/commands']);
    // A list completes its last item.
    expect(bash('batch', '--pets', 'dog1,ca')).toEqual(
      PRESET_PETS.filter((pet) => pet.id.startsWith('ca')).map((pet) => `dog1,${pet.id}`),
    );
  });

  it("offers the user's creation ids to gallery favorite, unfavorite and delete, not files", async () => {
    const { env, cli } = await shared.newUser();
    expect(
      (await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', home)).code,
    ).toBe(0);
    const [item] = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
    for (const command of ['favorite', 'unfavorite', 'delete'])
      expect(await bashIn(env, 'gallery', command, '')).toEqual([item!.id]);
    // The platform and token named on the command line are the ones asked.
    const flags = ['--base-url', env.PAWLOWEEN_BASE_URL!, '--token', env.PAWLOWEEN_TOKEN!];
    expect(
      await bashIn({ XDG_CONFIG_HOME: env.XDG_CONFIG_HOME! }, ...flags, 'gallery', 'delete', ''),
    ).toEqual([item!.id]);
    // Without a token nothing is offered, and nothing is said.
    expect(
      await bashIn({ PAWLOWEEN_BASE_URL: env.PAWLOWEEN_BASE_URL! }, 'gallery', 'delete', ''),
    ).toEqual([]);
  });

  it('keeps the creation ids a minute: a TAB soon after asks the platform nothing', async () => {
    const { env, cli } = await shared.newUser();
    expect(
      (await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', home)).code,
    ).toBe(0);
    const first = await bashIn(env, 'gallery', 'favorite', '');
    expect(first).toHaveLength(1);
    // --debug lists every request: the kept ids are offered without one.
    const again = await runInMemory(env, ['--debug', '__complete', 'creations', '']);
    expect(again.out.split('\n').filter(Boolean)).toEqual(first);
    expect(again.err).not.toMatch(/\] GET /);
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
    // Values the program knows are asked of it, as bash's are.
    expect(scripts.zsh).toContain(`'generate --pet') echo 'pets files'`);
    expect(scripts.zsh).toContain(`'gallery favorite <arg>') echo 'creations'`);
    expect(scripts.zsh).toContain('__complete "$1"');
    expect(scripts.fish).toContain("-l pet -r -F -a '(pawloween __complete pets");
    expect(scripts.fish).toContain("-a '(pawloween __complete creations");
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
