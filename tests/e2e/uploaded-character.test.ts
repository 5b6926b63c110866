import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawnCharacter, pixelsNear } from '../../mock-server/workflow/test-images';
import { generateAndFetchPicture } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { keptShotsFolder } from './support/paths';

// An uploaded costume character is worn (issue 40), on a phone and a desktop: a preset pet and a
// drawn character (a red hat on a blue face, a green body) uploaded as the costume. The picture
// that comes back has the character's body standing large in the scene and the pet's head where
// its face was: not a badge with the character in it.

const e2e = useE2E();

describe('an uploaded costume character', () => {
  for (const device of ['mobile', 'desktop'] as const) {
    it(`is worn by a preset pet: its body in the scene, the pet's head on it (${device})`, async () => {
      const page = await e2e.open(device, { signedInAs: uniqueEmail(`character-${device}`) });
      const shots = keptShotsFolder('uploaded-character-shots');
      await page.getByRole('button', { name: 'Upload Photos' }).click();
      await page.getByRole('button', { name: 'Choose a preset pet' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Bulldog' }).click();
      await page.getByLabel('Costume Character', { exact: true }).setInputFiles({
        name: 'my-costume.png',
        mimeType: 'image/png',
        buffer: await drawnCharacter(),
      });
      await page.getByRole('img', { name: 'Your costume character' }).waitFor();
      const picture = await generateAndFetchPicture(page, path.join(shots, `${device}-result.png`));
      const { data, info } = await sharp(picture)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const share = (count: number) => count / (info.width * info.height);
      // The green body stands large (a badge holds a few percent at most)...
      expect(share(pixelsNear(data, [0, 255, 0]))).toBeGreaterThan(0.05);
      // ...and the blue face is gone under the pet's head.
      expect(share(pixelsNear(data, [0, 0, 255]))).toBeLessThan(0.004);
    });
  }
});
