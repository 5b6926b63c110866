import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';
import { inPty } from './testing/pty';
import { finished, spawnCli } from './testing/spawn-cli';

const shared = cliTestPlatform({ publicDir: path.resolve('ui/public') });

/** What a terminal shows, as lines without colour or the carriage returns a terminal adds. */
// eslint-disable-next-line no-control-regex
const ESCAPE = /\u001b\[[\d;?]*[A-Za-z]/g;
const shownLines = (text: string) =>
  text.replace(ESCAPE, '').replace(/\r/g, '').split('\n').filter(Boolean);

/** The words of a text, however it was wrapped. */
const wordsOf = (text: string) => shownLines(text).join(' ').split(/\s+/).filter(Boolean);

async function inTerminal(args: string[], env: Record<string, string>, columns: number) {
  const session = inPty(args, env, { columns });
  const code = await session.exited;
  return { code, lines: shownLines(session.output()), raw: session.output() };
}

describe('at 40 columns (real terminal)', () => {
  it('fits the gallery table: no line wider, ids whole, a long cell cut with an ellipsis', async () => {
    const { env } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'gen-'));
    const made = await runInMemory(env, [
      'generate',
      '--pet',
      'dog1',
      '--costume',
      'witch',
      '--out',
      out,
    ]);
    expect(made.code).toBe(0);
    const [item] = JSON.parse((await runInMemory(env, ['gallery', 'list', '--json'])).out) as {
      id: string;
    }[];
    const { code, lines } = await inTerminal(['gallery', 'list'], env, 40);
    expect(code).toBe(0);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^Id\s+Created \(UTC\)\s+Fav\s+Video$/);
    const row = lines.find((line) => line.startsWith(item!.id));
    expect(row).toMatch(
      new RegExp(`^${item!.id}  \\d{4}-\\d\\d-\\d\\d [\\d:]*\u2026\\s+(no|yes)$`),
    );
    // In a pipe nothing is cut: scripts read whole values.
    const piped = await finished(spawnCli(['gallery', 'list'], { ...env, COLUMNS: '40' }));
    expect(piped.out).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(piped.out).not.toContain('\u2026');
  });

  it('wraps --help at word boundaries: no line wider, no word cut', async () => {
    const env = { XDG_CONFIG_HOME: shared.home };
    for (const args of [['--help'], ['generate', '--help'], ['gallery', 'list', '--help']]) {
      const whole = await finished(spawnCli(args, env));
      const { code, lines } = await inTerminal(args, env, 40);
      expect(code).toBe(0);
      // No line is wider, unless it is one word that no line could hold.
      for (const line of lines) if (line.length > 40) expect(line.trim()).not.toContain(' ');
      // Nothing was broken inside a word: the same words, in the same order, as in a pipe.
      expect(wordsOf(lines.join('\n'))).toEqual(wordsOf(whole.out));
    }
  });

  it('wraps error texts at word boundaries, with COLUMNS where the terminal has no size', async () => {
    const env = { XDG_CONFIG_HOME: shared.home };
    const args = ['--base-url', 'ftp://costumes.example.com/a/rather/long/path', 'usage'];
    const whole = await finished(spawnCli(args, env));
    expect(whole.code).toBe(2);
    expect(shownLines(whole.err).some((line) => line.length > 40)).toBe(true);
    for (const [columns, extra] of [
      [40, {}],
      [0, { COLUMNS: '40' }],
    ] as const) {
      const { code, lines } = await inTerminal(args, { ...env, ...extra }, columns);
      expect(code).toBe(2);
      expect(lines[0]).toMatch(/^Error: /);
      // No line is wider, unless it is one word that no line could hold (the address).
      for (const line of lines) if (line.length > 40) expect(line.trim()).not.toContain(' ');
      // Nothing was broken inside a word: the same words, in the same order.
      expect(wordsOf(lines.join('\n'))).toEqual(wordsOf(whole.err));
      expect(lines.slice(1).every((line) => line.startsWith('  '))).toBe(true);
    }
  });
});
