import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from './testing/spawn-cli';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-pipes-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('pawloween in a pipe', () => {
  it('ends quietly with 0 when the reader has gone (`pawloween presets | head -1`)', async () => {
    const child = spawnCli(
      ['presets'],
      { XDG_CONFIG_HOME: home },
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // The reader leaves before the first line is written (tsx alone takes longer to start), so
    // every write meets a closed pipe: EPIPE, every time.
    child.stdout?.destroy();
    const { code, err } = await finished(child);
    expect(err).toBe('');
    expect(code).toBe(0);
  });
});
