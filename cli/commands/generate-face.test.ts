import { copyFileSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { stubRenderer } from '../../tests/server/helpers';
import { cliTestPlatform } from '../testing/cli-test-platform';

// Issue 39 in the terminal: `generate --face X,Y` gives the workflow the pet's face (pixels of the
// photo as seen), and without it the CLI says when the app would have asked the owner to tap it.
// The locator is the real one (POST /v1/pets/locate on its thread); the render is the tests' stub,
// which records the face point the run carried.

const faces: unknown[] = [];
const render: CostumeRenderer = (job) => {
  faces.push(job.face);
  return stubRenderer(job);
};
const shared = cliTestPlatform({
  publicDir: path.resolve('ui/public'),
  renderCostume: render,
  locatePet: undefined,
});
const outDir = () => mkdtempSync(path.join(shared.home, 'out-'));
/** A photo the locator is unsure of: a black dog small in a winter forest, 800 x 532. */
const unsurePhoto = () => {
  const file = path.join(shared.home, 'black-dog.jpg');
  copyFileSync(path.resolve('tests/fixtures/photos-held-out/black-dog-in-forest.jpg'), file);
  return file;
};
const ASKED = /would have asked you to tap it/;

describe('pawloween generate --face', () => {
  it('says the app would have asked for the face of a photo the locator is unsure of', async () => {
    const { cli } = await shared.newUser();
    faces.length = 0;
    const photo = unsurePhoto();
    const result = await cli('generate', '--pet', photo, '--costume', 'vampire', '--out', outDir());
    expect(result.code).toBe(0);
    expect(result.err).toMatch(ASKED);
    expect(result.err).toContain(photo);
    expect(result.err).toContain('--face X,Y');
    expect(faces).toEqual([undefined]);
  }, 120_000);

  it('sends --face 120,80 as the face point, in fractions of the photo, and does not ask', async () => {
    const { cli } = await shared.newUser();
    faces.length = 0;
    const photo = unsurePhoto();
    const result = await cli(
      'generate',
      '--pet',
      photo,
      '--costume',
      'vampire',
      '--face',
      '120,80',
      '--out',
      outDir(),
    );
    expect(result.code).toBe(0);
    expect(result.err).not.toMatch(ASKED);
    expect(faces).toEqual([{ x: 120 / 800, y: 80 / 532 }]);
  }, 120_000);

  it('does not ask about a photo the locator is sure of', async () => {
    const { cli } = await shared.newUser();
    const photo = path.resolve('tests/fixtures/photos-held-out/black-white-cat-on-roof.jpg');
    const result = await cli('generate', '--pet', photo, '--costume', 'witch', '--out', outDir());
    expect(result.code).toBe(0);
    expect(result.err).not.toMatch(ASKED);
  }, 120_000);

  it('refuses a --face that is not X,Y, is off the photo, or has no photo, before spending', async () => {
    const { cli } = await shared.newUser();
    const photo = unsurePhoto();
    const run = (...extra: string[]) =>
      cli('generate', '--costume', 'vampire', '--out', outDir(), ...extra);
    const words = await run('--pet', photo, '--face', 'nose');
    expect(words.code).toBe(2);
    expect(words.err).toContain('--face takes the face’s position as X,Y in pixels of the photo');
    const outside = await run('--pet', photo, '--face', '900,80');
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('outside the photo, which is 800 x 532 pixels');
    const negative = await run('--pet', photo, '--face', '-5,80');
    expect(negative.code).toBe(2);
    const preset = await run('--pet', 'dog1', '--face', '120,80');
    expect(preset.code).toBe(2);
    expect(preset.err).toContain('--face goes with a photo of your pet');
    const usage = await cli('usage', '--json');
    expect(JSON.parse(usage.out).usedCredits).toBe(0);
  });
});
