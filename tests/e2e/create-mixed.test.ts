import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/model/constants';
import { noisyPhoto } from '../../cli/testing/photos';
import { expectAccessible } from './support/axe';
import type { Device } from './support/browser';
import {
  expectImageLoaded,
  expectVideoPlaying,
  generateButton,
  pressGenerateForRun,
  selectPreset,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { onDisk, pngFile } from './support/images';
import { SCREENSHOT_DIR } from './support/paths';

const e2e = useE2E();

/** What the app sent as the workflow's two inputs when Generate was pressed. */
async function generateAndCapture(page: Page) {
  const request = await pressGenerateForRun(page);
  const { input } = request.postDataJSON() as { input: Record<string, string> };
  return { pet: input.upload_your_pets_photo!, costume: input.upload_costume_character! };
}

async function decoded(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const { width, height, format } = await sharp(bytes).metadata();
  return { type: /^data:([^;,]+)/.exec(dataUrl)?.[1], width, height, format, bytes: bytes.length };
}

async function expectResults(page: Page) {
  await waitForResults(page);
  await expectImageLoaded(page.getByRole('img', { name: 'Your pet in its Halloween costume' }));
  await expectVideoPlaying(page.getByRole('article', { name: 'Generated Video' }).locator('video'));
}

/** A touch on phones, a click elsewhere. */
const press = (device: Device, target: Locator) =>
  device === 'mobile' ? target.tap() : target.click();

/** Every visible button and file zone inside `scope` is at least 44 px each way (to subpixel layout). */
async function expectTapTargets(scope: Locator) {
  const small = await scope
    .locator('button:visible, .pw-dropzone:visible')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({
          name: element.getAttribute('aria-label') ?? element.textContent?.trim(),
          box: element.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
  expect(small).toEqual([]);
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(['mobile', 'desktop'] as const)('mixed sources on %s', (device) => {
  const width = device === 'mobile' ? 390 : 1280;

  it(`generates at ${width} px from an uploaded phone photo with a preset costume, then from a preset pet with an uploaded costume`, async () => {
    const page = await e2e.open(device, { signedInAs: uniqueEmail(`mixed-${device}`) });
    await page.getByRole('button', { name: 'Upload Photos' }).waitFor();

    // (a) A 15 MB phone photo (more than the 10 MB that may be sent) and a preset costume.
    const photo = await noisyPhoto();
    expect(photo.length).toBeGreaterThan(LIMITS.maxUploadBytes);
    // Chromium reads a chosen file when the app does: it stays on disk until the preview shows.
    await onDisk({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo }, async (file) => {
      await page.getByLabel('Pet Photo', { exact: true }).setInputFiles(file);
      await page.getByRole('img', { name: 'Your pet photo' }).waitFor({ timeout: 30_000 });
    });

    const opener = page.getByRole('button', { name: 'Choose a preset costume' });
    await press(device, opener);
    const sheet = page.getByRole('dialog', { name: 'Choose a preset costume' });
    await sheet.waitFor();
    await expectTapTargets(sheet);
    const box = (await sheet.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (device === 'mobile') {
      // A bottom sheet: full width, resting on the bottom edge.
      expect(Math.round(box.width)).toBe(viewport.width);
      expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(viewport.height - 1);
    } else {
      // A dialog in the middle of the screen.
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThan(viewport.height);
    }
    await expectAccessible(page, `preset costume sheet (${device})`);
    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await press(device, opener);
    await press(device, sheet.getByRole('button', { name: 'Witch', exact: true }));
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'Preset costume: Witch' }).waitFor();
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectTapTargets(page.locator('.pw-uploads'));
    await expect.poll(() => generateButton(page).isEnabled()).toBe(true);

    const first = await generateAndCapture(page);
    expect(first.costume).toMatch(/\/presets\/costumes\/witch\.png$/);
    const sentPet = await decoded(first.pet);
    expect(sentPet).toMatchObject({
      type: 'image/jpeg',
      format: 'jpeg',
      width: LIMITS.maxUploadSidePx,
      height: 1152,
    });
    expect(sentPet.bytes).toBeLessThanOrEqual(LIMITS.maxUploadBytes);
    await expectResults(page);

    // (b) A preset pet and an uploaded costume picture, from Use Presets.
    await page.getByRole('button', { name: 'Create Another Costume' }).click();
    await press(device, page.getByRole('button', { name: 'Use Presets' }));
    await selectPreset(page, 'Choose Your Pet', 'Tabby Cat');
    const costumes = page.getByRole('region', { name: 'Choose Costume' });
    await costumes
      .getByLabel('Upload a costume picture')
      .setInputFiles(await pngFile('my-cape.png', '#5b2a86', 600));
    await costumes.getByRole('img', { name: 'Your costume character' }).waitFor();
    expect(await costumes.locator('li.pw-preset').count()).toBe(0);
    await costumes.getByRole('button', { name: 'Back to presets' }).waitFor();
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectTapTargets(costumes);
    await expectAccessible(page, `preset pet with an uploaded costume (${device})`);

    const second = await generateAndCapture(page);
    expect(second.pet).toMatch(/\/presets\/pets\/cat1\.png$/);
    expect(await decoded(second.costume)).toMatchObject({
      type: 'image/png',
      width: 600,
      height: 600,
    });
    await expectResults(page);
  }, 180_000);
});

/** The right edge of whatever reaches furthest, unless a scrolling or clipping box holds it. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const held = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    let right = 0;
    for (const element of document.querySelectorAll('body *'))
      if (!held(element)) right = Math.max(right, element.getBoundingClientRect().right);
    return Math.round(right - document.documentElement.clientWidth);
  });

describe('phone widths from 320 to 430 px', () => {
  it('the new controls, the open sheet and an upload under a carousel never reach past the screen', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('mixed-widths') });
    await page.getByRole('button', { name: 'Choose a preset pet' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'African Hedgehog' }).tap();
    await page.getByRole('button', { name: 'Choose a preset costume' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Choose a preset costume' });
    for (const width of [320, 360, 430]) {
      await page.setViewportSize({ width, height: 760 });
      expect(await widest(page), `sheet at ${width} px`).toBeLessThanOrEqual(1);
      await expectTapTargets(sheet);
    }
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('button', { name: 'Use Presets' }).tap();
    await page
      .getByLabel('Upload a costume picture')
      .setInputFiles(await pngFile('a-costume-picture-with-a-rather-long-name.png', '#5b2a86'));
    await page.getByRole('img', { name: 'Your costume character' }).waitFor();
    for (const width of [320, 360, 430]) {
      await page.setViewportSize({ width, height: 760 });
      expect(await widest(page), `presets with an upload at ${width} px`).toBeLessThanOrEqual(1);
      expect(await noSideways(page)).toBeLessThanOrEqual(0);
      await expectTapTargets(page.locator('.pw-preset-rows'));
    }
  });
});

describe('by keyboard alone', () => {
  it('opens the preset pets with Enter, chooses one with Tab and Enter, and focus comes back', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('mixed-keys') });
    const opener = page.getByRole('button', { name: 'Choose a preset pet' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a preset pet' });
    await dialog.waitFor();
    const focusedName = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
    expect(await focusedName()).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Golden Retriever');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'Preset pet: Tabby Cat' }).waitFor();
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('phone files the app cannot read', () => {
  it('a HEIC photo and a text file named .jpg are refused by name, with what they are and what to do', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('mixed-heic') });
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
      Buffer.alloc(2048, 7),
    ]);
    const petInput = page.getByLabel('Pet Photo', { exact: true });
    await petInput.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic });
    await page
      .getByRole('alert')
      .filter({
        hasText:
          '"IMG_0042.HEIC" is a HEIC/HEIF photo (the iPhone camera format), which this app cannot read. Save it as JPEG or PNG and try again.',
      })
      .waitFor();
    await petInput.setInputFiles({
      name: 'rex.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a picture\n'),
    });
    await page
      .getByRole('alert')
      .filter({
        hasText: '"rex.jpg" is a text file, not a picture. Save it as JPEG or PNG and try again.',
      })
      .waitFor();
    expect(await page.getByRole('img', { name: 'Your pet photo' }).count()).toBe(0);
  });
});

/**
 * Pictures of the new controls at phone, tablet and desktop widths for a person to look at
 * (`SHOTS=1`): the zones with a preset in them, the sheet, and the upload under a carousel.
 */
describe.runIf(process.env.SHOTS)('screenshots of the mixed-source controls', () => {
  it('at 390, 820 and 1280 px', async () => {
    const dir = path.join(SCREENSHOT_DIR, 'mixed-sources');
    mkdirSync(dir, { recursive: true });
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('mixed-shots') });
    // The sheet pictured where it rests, not half-way through its slide-up.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: 'Upload Photos' }).click();
      const shot = (name: string) =>
        page.screenshot({ path: path.join(dir, `${width}-${name}.png`), fullPage: true });
      await shot('upload-empty');
      await page.getByRole('button', { name: 'Choose a preset pet' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Golden Retriever' }).click();
      await page.getByRole('button', { name: 'Choose a preset costume' }).click();
      await page.getByRole('dialog', { name: 'Choose a preset costume' }).waitFor();
      await shot('sheet');
      await page.getByRole('dialog').getByRole('button', { name: 'Witch', exact: true }).click();
      await shot('upload-with-presets');
      await page.getByRole('button', { name: 'Remove preset pet' }).click();
      await page.getByRole('button', { name: 'Remove preset costume' }).click();
      await page.getByRole('button', { name: 'Use Presets' }).click();
      await shot('presets-empty');
      await page
        .getByLabel('Upload your pet')
        .setInputFiles(await pngFile('rex.png', '#d9822b', 600));
      await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
      await shot('presets-with-upload');
      await page.getByRole('button', { name: 'Back to presets' }).click();
    }
  });
});
