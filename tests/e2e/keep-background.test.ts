import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readLabels } from '../../mock-server/workflow/locate/labelled-locator';
import { rasterize } from '../../mock-server/workflow/locate/outline';
import {
  expectImageLoaded,
  expectVideoPlaying,
  generateButton,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { ROOT } from './support/paths';

// "Keep my photo's background" (issue 40) in the browser, on a phone and a desktop: a real photo
// whose background (outside the pet's traced outline) is painted pure green, the option ticked, a
// preset costume: the picture that comes back is filled with the photo, green and all.

const e2e = useE2E();
const PHOTOS = path.join(ROOT, 'tests/fixtures/photos');
const SHOTS = path.join(ROOT, 'test-results', 'keep-background-shots');

/** golden-retriever.jpg with everything outside its traced outline pure green. */
async function dogOnGreen() {
  const label = (await readLabels(PHOTOS)).find((l) => l.file === 'golden-retriever.jpg')!;
  const { data, info } = await sharp(readFileSync(path.join(PHOTOS, label.file)))
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inside = rasterize(label.outline ?? [], info.width, info.height);
  for (let i = 0; i < inside.length; i++) if (!inside[i]) data.set([0, 255, 0], i * 3);
  const buffer = await sharp(data, { raw: { ...info, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name: 'rex-on-green.jpg', mimeType: 'image/jpeg', buffer };
}

/** The share of an image's pixels that are the green background (the grade tints it a little). */
async function greenShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let green = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    if (g > 100 && g > r + 60 && g > b + 60) green++;
  }
  return green / (info.width * info.height);
}

describe("Keep my photo's background", () => {
  for (const device of ['mobile', 'desktop'] as const) {
    it(`ticked under an uploaded photo, the picture is the photo with the costume on it (${device})`, async () => {
      const page = await e2e.open(device, { signedInAs: uniqueEmail(`keep-bg-${device}`) });
      mkdirSync(SHOTS, { recursive: true });
      await page.getByRole('button', { name: 'Upload Photos' }).click();
      const option = page.getByRole('checkbox', { name: /Keep my photo.s background/ });
      expect(await option.count()).toBe(0);
      await page.getByLabel('Pet Photo', { exact: true }).setInputFiles(await dogOnGreen());
      await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
      await option.check();
      expect(await option.isChecked()).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `${device}-option.png`), fullPage: true });

      await page.getByRole('button', { name: 'Choose a preset costume' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Witch' }).click();
      await generateButton(page).click();
      await waitForResults(page);
      const image = page.getByRole('img', { name: 'Your pet in its Halloween costume' });
      await expectImageLoaded(image);
      await expectVideoPlaying(
        page.getByRole('article', { name: 'Generated Video' }).locator('video'),
      );
      await image.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${device}-result.png`) });
      // The photo's own (green) background fills much of the picture: no scene, no disc around it.
      const src = (await image.getAttribute('src'))!;
      const answer = await page.context().request.get(new URL(src, page.url()).href);
      expect(answer.ok()).toBe(true);
      expect(await greenShare(await answer.body())).toBeGreaterThan(0.15);
    });
  }
});
