import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { FilePayload } from './images';

/**
 * The longest a journey waits for the platform's work on a run: the photo's check, the image, the
 * video. A quiet machine takes seconds; a 2-core one running two journeys beside other work (CI, a
 * busy laptop) has taken over 40 s for a first run, whose render thread loads the locator first.
 */
export const RUN_TIMEOUT_MS = 90_000;

/** One of the two upload zones, found by its heading (Pet Photo / Costume Character). */
export function dropZone(page: Page, label: 'Pet Photo' | 'Costume Character'): Locator {
  return page
    .locator('div', { has: page.getByRole('heading', { name: label, exact: true }) })
    .getByTestId('drop-zone')
    .last();
}

/** Drops a file the way a person's drag does: dragenter, dragover, drop with a DataTransfer. */
export async function dropFile(target: Locator, file: FilePayload): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  for (const type of ['dragenter', 'dragover', 'drop'])
    await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

export function generateButton(page: Page): Locator {
  return page.getByRole('button', { name: /Generate Halloween Costume|Generating Magic/ });
}

/**
 * Presses Generate as a person does after uploading a pet photo: where the app asks "Tap your
 * pet's face" (its locator is unsure of a made-up photo, issue 39), the middle of the photo is
 * tapped and Generate pressed again. Returns once the run is under way or asked for.
 */
export async function pressGenerate(page: Page): Promise<void> {
  await generateButton(page).click();
  const asked = page.getByRole('alert').filter({ hasText: "Tap your pet's face" });
  const running = page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });
  // The photo's check may still be under way (the locator's first look takes seconds).
  await asked.or(running).first().waitFor({ timeout: RUN_TIMEOUT_MS });
  if (!(await asked.isVisible())) return;
  await page
    .getByRole('application', { name: /Tap your pet's face/ })
    .getByRole('img')
    .click();
  await generateButton(page).click();
}

/**
 * Generate pressed as pressGenerate does, and the POST /v1/run the app sent for it. The request is
 * waited for as long as the photo's check may take (RUN_TIMEOUT_MS), not the 15 s an action gets:
 * Generate holds the run until the locator has looked at the photo, and in a clean-clone CI run on
 * a busy machine that first look took longer (create-mixed's phone photo).
 */
export async function pressGenerateForRun(page: Page): Promise<Request> {
  const run = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/v1/run'),
    { timeout: RUN_TIMEOUT_MS },
  );
  await pressGenerate(page);
  return run;
}

/** Picks a preset with its Select This button (scrolling the carousel with its arrow if needed). */
export async function selectPreset(
  page: Page,
  row: 'Choose Your Pet' | 'Choose Costume',
  name: string,
) {
  const section = page.getByRole('region', { name: row });
  const button = section.getByRole('button', { name: `Select This: ${name}` });
  // Presets outside the carousel's window are aria-hidden, so getByRole does not find them yet.
  for (let step = 0; step < 6 && (await button.count()) === 0; step += 1) {
    await section.getByRole('button', { name: /^Next / }).click();
  }
  await button.click();
  await section.getByRole('button', { name: `Selected: ${name}` }).waitFor();
}

/**
 * The result view with both cards done: the progress dialog closes with the image, and the video
 * card shows its stage until the video (or its error card) comes, which on a busy machine is tens
 * of seconds later; everything after a run (its gallery entry, its charge) waits for that.
 */
export async function waitForResults(page: Page, timeout = RUN_TIMEOUT_MS): Promise<void> {
  await page.getByRole('heading', { name: 'Your Halloween Costume' }).waitFor({ timeout });
  await page
    .getByRole('dialog', { name: 'Generating Magic...' })
    .waitFor({ state: 'detached', timeout });
  await page
    .getByRole('article', { name: 'Generated Video' })
    .getByRole('progressbar', { name: 'Video progress' })
    .waitFor({ state: 'detached', timeout });
}

/** The generated image has really loaded (decoded, non-zero size). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.waitFor();
  await expect
    .poll(
      () => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
}

/** The video has data and its clock moves (it loops, so "moves" rather than "grows"): it is playing. */
export async function expectVideoPlaying(video: Locator): Promise<void> {
  // A retry runs the whole workflow again before the video element comes back.
  await video.waitFor({ timeout: RUN_TIMEOUT_MS });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(2);
  const start = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 10_000,
    })
    .not.toBe(start);
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
}

/**
 * Presses Generate and waits for the finished result: the picture loaded, the video playing. Keeps
 * a screenshot of the page with the picture in view at `screenshot`, and returns the picture's
 * bytes as the platform serves them.
 */
export async function generateAndFetchPicture(page: Page, screenshot: string): Promise<Buffer> {
  await generateButton(page).click();
  await waitForResults(page);
  const image = page.getByRole('img', { name: 'Your pet in its Halloween costume' });
  await expectImageLoaded(image);
  await expectVideoPlaying(page.getByRole('article', { name: 'Generated Video' }).locator('video'));
  await image.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshot });
  const src = (await image.getAttribute('src'))!;
  const answer = await page.context().request.get(new URL(src, page.url()).href);
  expect(answer.ok()).toBe(true);
  return answer.body();
}

/** Presets mode, both presets picked, Generate clicked. */
export async function generateFromPresets(page: Page, pet: string, costume: string): Promise<void> {
  await page.getByRole('button', { name: 'Use Presets' }).click();
  await selectPreset(page, 'Choose Your Pet', pet);
  await selectPreset(page, 'Choose Costume', costume);
  await generateButton(page).click();
}

/** Presets mode, both presets picked, Generate clicked; returns once the platform answered the run's start. */
export async function startRunFromPresets(page: Page, pet: string, costume: string): Promise<void> {
  const started = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/v1/run'),
  );
  await generateFromPresets(page, pet, costume);
  await started;
}
