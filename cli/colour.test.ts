import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inPty } from './testing/pty';
import { finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-colour-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Any colour or style (SGR) escape. */
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[\d;]*m/;
const BOLD_HEADER = '\u001b[1mId         Name\u001b[22m';
const RED_ERROR = '\u001b[31m\u001b[1mError:\u001b[22m\u001b[39m';

/** A table on stdout (presets) and a failure on stderr (a bad --base-url), in a real terminal. */
async function atTerminal(env: Record<string, string>, ...flags: string[]) {
  const table = inPty(['presets', ...flags], { XDG_CONFIG_HOME: home, ...env });
  const error = inPty(['--base-url', 'ftp://x', 'usage', ...flags], {
    XDG_CONFIG_HOME: home,
    ...env,
  });
  expect(await table.exited).toBe(0);
  expect(await error.exited).toBe(2);
  return { table: table.output(), error: error.output() };
}

describe('colour', () => {
  it('is on at a terminal: bold table headers, a red "Error:"', async () => {
    const { table, error } = await atTerminal({});
    expect(table).toContain(BOLD_HEADER);
    expect(error).toContain(RED_ERROR);
  });

  it('is off at a terminal with NO_COLOR, even with FORCE_COLOR', async () => {
    const envs: Record<string, string>[] = [{ NO_COLOR: '1' }, { NO_COLOR: '1', FORCE_COLOR: '1' }];
    for (const env of envs) {
      const { table, error } = await atTerminal(env);
      expect(table).toContain('Id         Name');
      expect(table).not.toMatch(SGR);
      expect(error).toContain('Error: The base URL');
      expect(error).not.toMatch(SGR);
    }
  });

  it('is on with FORCE_COLOR at a terminal that says it has none (TERM=dumb), off with FORCE_COLOR=0', async () => {
    const dumb = await atTerminal({ TERM: 'dumb' });
    expect(dumb.table).not.toMatch(SGR);
    const forced = await atTerminal({ TERM: 'dumb', FORCE_COLOR: '1' });
    expect(forced.table).toContain(BOLD_HEADER);
    expect(forced.error).toContain(RED_ERROR);
    expect((await atTerminal({ FORCE_COLOR: '0' })).table).not.toMatch(SGR);
  });

  it('is never in --json output, at a terminal too', async () => {
    const { table, error } = await atTerminal({ FORCE_COLOR: '1' }, '--json');
    expect(table).toContain('"pets":');
    expect(error).toContain('"USAGE_ERROR"');
    for (const shown of [table, error]) expect(shown).not.toMatch(SGR);
  });

  it('is never in a pipe, even with FORCE_COLOR', async () => {
    const env = { XDG_CONFIG_HOME: home, FORCE_COLOR: '1', TERM: 'xterm' };
    const table = await finished(spawnCli(['presets'], env));
    const error = await finished(spawnCli(['--base-url', 'ftp://x', 'usage'], env));
    expect(table.out).toContain('Id         Name');
    expect(error.err).toContain('Error: The base URL');
    for (const text of [table.out, table.err, error.out, error.err]) expect(text).not.toMatch(SGR);
  });
});
