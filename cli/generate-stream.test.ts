import { mkdtempSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from './program';
import { cliTestPlatform } from './testing/cli-test-platform';
import { gatedRenderer } from '../tests/support/gated-renderer';
import { memoryIo } from './testing/memory-io';

const gated = gatedRenderer();
const shared = cliTestPlatform({ renderCostume: gated.renderer });
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('pawloween generate, streamed', () => {
  it('shows the image stage, saves the image the moment it arrives, then shows the video stage', async () => {
    const { env } = await shared.newUser();
    const out = mkdtempSync(path.join(shared.home, 'stream-'));
    const io = memoryIo(env, { terminal: true });
    const running = runCli(['generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out], io);
    // However long the image takes, the bar says Image and stays at 0%: no timer runs it on.
    await until(() => expect(io.stderr.text()).toContain('0% | Image'));
    expect(readdirSync(out)).toEqual([]);

    gated.releaseImage();
    // The image is on disk while the video renders, under a partial name until its id is known.
    await until(() => expect(readdirSync(out).some((f) => f.endsWith('.partial'))).toBe(true));
    await until(() => expect(io.stderr.text()).toContain('50% | Video'));
    expect(readdirSync(out).filter((f) => !f.startsWith('.'))).toEqual([]);

    gated.releaseVideo();
    expect(await running).toBe(0);
    expect(readdirSync(out).sort()).toEqual([
      expect.stringMatching(/^pawloween-image-\d+\.png$/),
      expect.stringMatching(/^pawloween-video-\d+\.mp4$/),
    ]);
    expect(io.stderr.text()).not.toMatch(/[1-9]\d?% \| Image/);
    expect(io.stderr.text()).toContain('\u001b[?25h');
  });
});
