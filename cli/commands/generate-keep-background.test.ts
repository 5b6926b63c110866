import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { PNG_BYTES, stubRenderer } from '../../tests/server/helpers';
import { cliTestPlatform } from '../testing/cli-test-platform';

// `pawloween generate --keep-background` (issue 40): the photo given to --pet fills the picture, its
// background kept. The platform's workflow is told so (keep_photo_background); a preset pet has no
// photo background, so asking for it there is a usage error before anything is spent.

/** What each run asked of the workflow, as the platform handed it over. */
const asked: (boolean | undefined)[] = [];
const recording: CostumeRenderer = async (job) => {
  asked.push(job.keepBackground);
  return stubRenderer(job);
};
const shared = cliTestPlatform({ renderCostume: recording });
const outDir = () => mkdtempSync(path.join(shared.home, 'out-'));

describe('pawloween generate --keep-background', () => {
  it('sends the pet photo with its background kept, and without the flag it is cut out as before', async () => {
    const { cli } = await shared.newUser();
    const photo = path.join(shared.home, 'rex.png');
    writeFileSync(photo, PNG_BYTES);
    asked.length = 0;
    const kept = await cli(
      'generate',
      '--pet',
      photo,
      '--costume',
      'vampire',
      '--keep-background',
      '--out',
      outDir(),
    );
    expect(kept.code).toBe(0);
    const plain = await cli('generate', '--pet', photo, '--costume', 'vampire', '--out', outDir());
    expect(plain.code).toBe(0);
    expect(asked).toEqual([true, undefined]);
  });

  it('refuses it beside a preset pet with a clear message (exit 2), spending nothing', async () => {
    const { cli } = await shared.newUser();
    asked.length = 0;
    const result = await cli(
      'generate',
      '--pet',
      'dog1',
      '--costume',
      'vampire',
      '--keep-background',
      '--out',
      outDir(),
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain("'dog1' is a preset pet, which has no photo background");
    expect(result.err).toContain('Give --pet an image file');
    expect(asked).toEqual([]);
    const usage = await cli('usage', '--json');
    expect(JSON.parse(usage.out).usedCredits).toBe(0);
  });

  it('is named in generate --help', async () => {
    const { cli } = await shared.newUser();
    const help = await cli('generate', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/--keep-background\s+keep my photo's background/);
  });
});
