import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';

// The root README's "Command line" block, run as written against a real local platform: each line
// (each alternative of a `a | b` line, with its optional flags) exits 0. Placeholders become real
// things: <id> a creation of this user, <dir> and ./costumes empty folders, ./rex.jpg a picture,
// "$TOKEN" this user's token. What needs a person or a second process is left to its own test.

const README = path.resolve(import.meta.dirname, '../README.md');
// With the platform's rate limit on, as a person meets it: 60 requests a minute. The whole block
// spends fewer (each command one or two, see request-budget.test.ts), so it never waits.
const shared = cliTestPlatform({
  publicDir: path.resolve('ui/public'),
  rateLimit: { max: 60, windowMs: 60_000 },
});

/** Lines of the block that shows `npx pawloween` commands, without their comments. */
function readmeCommandLines(): string[] {
  const block = /```sh\n((?:.*\n)*?)```/g;
  const markdown = readFileSync(README, 'utf8');
  for (const match of markdown.matchAll(block)) {
    const lines = match[1]!.split('\n').filter((line) => line.includes('npx pawloween '));
    if (lines.length > 3) return lines.map((line) => line.replace(/\s+#.*$/, '').trim());
  }
  throw new Error('README has no block of pawloween commands');
}

/** `gallery favorite <id> | delete <id> [--yes]` becomes the two commands, optional flags kept. */
function expand(line: string): string[] {
  const [first, ...others] = line
    .slice(line.indexOf('npx pawloween ') + 'npx pawloween '.length)
    .replace(/\s*&$/, '')
    .split(' | ');
  const words = first!.split(' ');
  // The alternatives after the first belong to the first's command group (`gallery`), if it has one.
  const group = others.length && words.length > 1 && !words[1]!.startsWith('<') ? words[0]! : '';
  return [first!, ...others.map((other) => (group ? `${group} ${other}` : other))].map((command) =>
    command.replace(/\[([^\]]+)\]/g, '$1').trim(),
  );
}

/** Shell words: quotes kept together and removed. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3]!,
  );
}

/** Needs a person at a browser, another device, or a second process: each has a test of its own. */
const ELSEWHERE: Record<string, string> = {
  serve: 'the platform itself; here the test platform plays it (tests/server)',
  login: 'a person signs in in a browser (cli/commands/account.test.ts)',
  'login --device': 'a person types a code on another device (cli/commands/account.test.ts)',
};

describe("README's command line block", () => {
  it('parses into the commands it shows', () => {
    const commands = readmeCommandLines().flatMap(expand);
    expect(commands).toEqual(
      expect.arrayContaining([
        'gallery list --favorites --json',
        'gallery delete <id> --yes',
        'gallery export <dir>',
        'usage',
        'logout',
      ]),
    );
  });

  it('runs, line by line, against a real local platform, each exiting 0', async () => {
    const { token, env } = await shared.newUser();
    const folder = shared.home;
    const rex = path.join(folder, 'rex.jpg');
    await sharp({ create: { width: 320, height: 320, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toFile(rex);
    const ran: string[] = [];
    let id: string | undefined;
    // logout last: it ends the session the others use.
    const commands = readmeCommandLines()
      .flatMap((line) => expand(line).map((command) => ({ command, line })))
      .sort((a, b) => +(a.command === 'logout') - +(b.command === 'logout'));
    // A command without --out saves into the folder it is run from, as in a terminal.
    const cwd = process.cwd();
    process.chdir(folder);
    try {
      for (const { command, line } of commands) {
        if (command in ELSEWHERE) continue;
        if (command.includes('<id>') && !id) {
          const list = await runInMemory(env, ['gallery', 'list', '--json']);
          id = (JSON.parse(list.out) as { id: string }[])[0]?.id;
        }
        const args = words(
          command
            .replaceAll('<id>', id ?? 'none')
            .replaceAll('<dir>', path.join(folder, 'export'))
            .replaceAll('./costumes', path.join(folder, 'costumes'))
            .replaceAll('./rex.jpg', rex),
        );
        const stdin = line.startsWith('echo "$TOKEN"') ? `${token}\n` : undefined;
        const result = await runInMemory(env, args, { stdin });
        expect(result.code, `${command}\n${result.err}`).toBe(0);
        expect(result.err, command).not.toContain('Rate limited');
        ran.push(command);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(ran).toEqual(
      expect.arrayContaining([
        'login --token -',
        'generate --pet dog1 --costume vampire --out ./costumes',
        'generate --pet ./rex.jpg --costume witch --json',
        'batch --pets dog1,cat1 --costumes ghost,witch --concurrency 4 --out ./costumes',
        'gallery delete <id> --yes',
        'run text/spooky-namer --input \'{"prompt":"a black cat"}\' --stream',
      ]),
    );
  }, 120_000);
});
