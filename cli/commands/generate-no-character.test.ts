import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICE_TEXT } from '../../domain/model/workflow';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { PNG_BYTES, stubRenderer } from '../../tests/server/helpers';
import { cliTestPlatform } from '../testing/cli-test-platform';

// `pawloween generate` with a costume picture that holds no character (issue 40, item 3): the
// workflow dresses the pet in the picture's colours and its image output says so; the command
// prints that sentence beside the files it saved.

/** Whether the next run's workflow finds no character in the costume picture. */
let noCharacter = true;
const telling: CostumeRenderer = async (job) => {
  const files = await stubRenderer(job);
  if (!noCharacter) return files;
  job.onImage?.(files.imageFile, 'no_character');
  return { ...files, notice: 'no_character' };
};
const shared = cliTestPlatform({ renderCostume: telling });
const outDir = () => mkdtempSync(path.join(shared.home, 'out-'));

describe('pawloween generate with a costume picture holding no character', () => {
  it('prints that the pet wears the picture’s colours; a picture with one prints nothing of it', async () => {
    const { cli } = await shared.newUser();
    const picture = path.join(shared.home, 'landscape.png');
    writeFileSync(picture, PNG_BYTES);
    noCharacter = true;
    const told = await cli('generate', '--pet', 'dog1', '--costume', picture, '--out', outDir());
    expect(told.code).toBe(0);
    expect(told.out).toMatch(/^Image {2}/m);
    expect(told.err).toContain(NOTICE_TEXT.no_character);
    noCharacter = false;
    const plain = await cli('generate', '--pet', 'dog1', '--costume', picture, '--out', outDir());
    expect(plain.code).toBe(0);
    expect(plain.err).not.toContain(NOTICE_TEXT.no_character);
  });
});
