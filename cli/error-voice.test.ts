// Issue 33: commander's usage errors and the CLI's own failures read as one voice, from the real
// `pawloween` process: `Error: <what>` first, then indented lines (`Next:` saying what to do).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-voice-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const run = (...args: string[]) =>
  finished(spawnCli(args, { XDG_CONFIG_HOME: home }, { stdio: ['ignore', 'pipe', 'pipe'] }));

/** The shape every failure has on stderr. */
const ONE_VOICE = /^Error: \S.*\n( {2}\S.*\n)*$/;

describe('errors in one voice', () => {
  it('an unknown option (commander), an unknown command (commander) and a bad base URL (the CLI)', async () => {
    const [option, command, baseUrl] = await Promise.all([
      run('generate', '--colour', 'orange'),
      run('haunt'),
      run('--base-url', 'ftp://example.com', 'usage'),
    ]);
    expect(option.code).toBe(2);
    expect(option.err).toBe(
      "Error: unknown option '--colour'\n" +
        '  Next: Add --help to the command for its options and examples.\n',
    );
    expect(command.code).toBe(2);
    expect(command.err).toMatch(/^Error: unknown command 'haunt'\n/);
    expect(baseUrl.code).toBe(2);
    expect(baseUrl.err).toMatch(/^Error: The base URL 'ftp:\/\/example.com' is not an http/);
    for (const { err } of [option, command, baseUrl]) {
      expect(err).toMatch(ONE_VOICE);
      expect(err).not.toMatch(/^error:/m);
      expect(err).not.toContain('(add --help for usage)');
    }
  });

  it('a --json usage error still answers its JSON object, with the same words', async () => {
    const result = await run('usage', '--json', '--colour');
    expect(result.code).toBe(2);
    expect(JSON.parse(result.out)).toMatchObject({
      error: { code: 'USAGE_ERROR', title: "unknown option '--colour'" },
    });
    expect(result.err).toMatch(ONE_VOICE);
  });
});
