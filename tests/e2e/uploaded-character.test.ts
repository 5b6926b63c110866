import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawnCharacter, pixelsNear } from '../../mock-server/workflow/test-images';
import {
  expectImageLoaded,
  expectVideoPlaying,
  generateButton,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { ROOT } from './support/paths';

// An uploaded costume character is worn (issue 40), on a phone and a desktop: a preset pet and a
// drawn character (a red hat on a blue face, a green body) uploaded as the costume. The picture
// that comes back has the character's body standing large in the scene and the pet's head where
// its face was: not a badge with the character in it.

const e2e = useE2E();
const SHOTS = path.join(ROOT, 'test-results', 'uploaded-character-shots');

describe('an uploaded costume character', () => {
  for (const device of ['mobile', 'desktop'] as const) {
    it(`is worn by a preset pet: its body in the scene, the pet's head on it (${device})`, async () => {
      const page = await e2e.open(device, { signedInAs: uniqueEmail(`character-${device}`) });
      mkdirSync(SHOTS, { recursive: true });
      await page.getByRole('button', { name: 'Upload Photos' }).click();
      await page.getByRole('button', { name: 'Choose a preset pet' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Bulldog' }).click();
      await page.getByLabel('Costume Character', { exact: true }).setInputFiles({
        name: 'my-costume.png',
        mimeType: 'image/png',
        buffer: await drawnCharacter(),
      });
      await page.getByRole('img', { name: 'Your costume character' }).waitFor();
      await generateButton(page).click();
      await waitForResults(page);
      const image = page.getByRole('img', { name: 'Your pet in its Halloween costume' });
      await expectImageLoaded(image);
      await expectVideoPlaying(
        page.getByRole('article', { name: 'Generated Video' }).locator('video'),
      );
      await image.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${device}-result.png`) });
      const src = (await image.getAttribute('src'))!;
      const answer = await page.context().request.get(new URL(src, page.url()).href);
      expect(answer.ok()).toBe(true);
      const { data, info } = await sharp(await answer.body())
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
