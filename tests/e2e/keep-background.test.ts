import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greenPixels, onGreen, tracedPhoto } from '../../mock-server/workflow/test-images';
import { generateAndFetchPicture } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { keptShotsFolder } from './support/paths';

// "Keep my photo's background" (issue 40) in the browser, on a phone and a desktop: a real photo
// whose background (outside the pet's traced outline) is painted pure green, the option ticked, a
// preset costume: the picture that comes back is filled with the photo, green and all.

const e2e = useE2E();

/** golden-retriever.jpg with everything outside its traced outline pure green. */
async function dogOnGreen() {
  const { label, bytes } = await tracedPhoto('golden-retriever.jpg');
  const buffer = await sharp(await onGreen(bytes, label))
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name: 'rex-on-green.jpg', mimeType: 'image/jpeg', buffer };
}

/** The share of an image's pixels that are the green background (the grade tints it a little). */
async function greenShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return greenPixels(data) / (info.width * info.height);
}

describe("Keep my photo's background", () => {
  for (const device of ['mobile', 'desktop'] as const) {
    it(`ticked under an uploaded photo, the picture is the photo with the costume on it (${device})`, async () => {
      const page = await e2e.open(device, { signedInAs: uniqueEmail(`keep-bg-${device}`) });
      const shots = keptShotsFolder('keep-background-shots');
      await page.getByRole('button', { name: 'Upload Photos' }).click();
      const option = page.getByRole('checkbox', { name: /Keep my photo.s background/ });
      expect(await option.count()).toBe(0);
      await page.getByLabel('Pet Photo', { exact: true }).setInputFiles(await dogOnGreen());
      await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
      await option.check();
      expect(await option.isChecked()).toBe(true);
      await page.screenshot({ path: path.join(shots, `${device}-option.png`), fullPage: true });

      await page.getByRole('button', { name: 'Choose a preset costume' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Witch' }).click();
      const picture = await generateAndFetchPicture(page, path.join(shots, `${device}-result.png`));
      // The photo's own (green) background fills much of the picture: no scene, no disc around it.
      expect(await greenShare(picture)).toBeGreaterThan(0.15);
    });
  }
});
