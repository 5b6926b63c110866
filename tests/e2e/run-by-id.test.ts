// A reload, or a tab closed, after the costume's image showed (issue 41, item 3): the app follows
// the run by the id the stream's first event gave it, so the image that was shown comes back, only
// the video is waited for, and the run is charged once ($0.50), its files served; a tab closed
// meanwhile finds the creation in the gallery on the next visit.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  generateButton,
  selectPreset,
  waitForResults,
  RUN_TIMEOUT_MS,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { platformLogFromNow } from './support/platform-log';
import { CHARGE_POLL, tokenOf, usedCentsOf } from './support/usage';

const e2e = useE2E();

const usedCents = async (page: Page) => usedCentsOf(e2e.baseUrl, await tokenOf(page));

const status = async (url: string) => (await fetch(url)).status;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRun(page: Page) {
  await page.getByRole('button', { name: 'Use Presets' }).click();
  await selectPreset(page, 'Choose Your Pet', 'Golden Retriever');
  await selectPreset(page, 'Choose Costume', 'Vampire');
  await generateButton(page).click();
}

const imageOf = (page: Page) =>
  page.getByRole('img', { name: 'Your pet in its Halloween costume' });

async function openGallery(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Gallery', exact: true })
    .click();
  await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
}

describe('a run followed by its id', () => {
  it('a reload after the image: the same image comes back, the video follows, $0.50 once', async () => {
    e2e.expectConsoleError(/Failed to load resource|Failed to fetch/);
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('reload-image') });
    const before = await usedCents(page);
    const log = platformLogFromNow();
    await startRun(page);
    const image = await imageOf(page).getAttribute('src', { timeout: RUN_TIMEOUT_MS });
    await page.reload();
    // The image that was shown, before the video is done.
    await expect
      .poll(() => imageOf(page).getAttribute('src'), { timeout: RUN_TIMEOUT_MS })
      .toBe(image);
    await waitForResults(page);
    const video = page.getByRole('article', { name: 'Generated Video' }).locator('video');
    const videoUrl = await video.getAttribute('src', { timeout: RUN_TIMEOUT_MS });
    expect(await page.getByText(/generation failed/i).count()).toBe(0);
    await expect
      .poll(async () => (await usedCents(page)) - before, {
        ...CHARGE_POLL,
        timeout: RUN_TIMEOUT_MS,
      })
      .toBe(50);
    await pause(1_000);
    expect((await usedCents(page)) - before).toBe(50);
    expect(await status(image!)).toBe(200);
    expect(await status(videoUrl!)).toBe(200);
    await openGallery(page);
    await expect.poll(() => page.getByText('All (1)').count()).toBe(1);
    expect(log.errors()).toEqual([]);
  });

  it('a reload whose page comes back after the run ended: the image comes back, $0.20, never a second run', async () => {
    e2e.expectConsoleError(/Failed to load resource|Failed to fetch/);
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('reload-late') });
    const before = await usedCents(page);
    await startRun(page);
    const image = await imageOf(page).getAttribute('src', { timeout: RUN_TIMEOUT_MS });
    // The page that comes back reaches the platform's runs only once the run, left by its caller,
    // has ended: its video was stopped and only the image charged.
    let ended!: () => void;
    const runEnded = new Promise<void>((resolve) => (ended = resolve));
    const runs = /\/v1\/runs?(\/|$)/;
    await page.route(runs, async (route) => {
      await runEnded;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect
      .poll(async () => (await usedCents(page)) - before, {
        ...CHARGE_POLL,
        timeout: RUN_TIMEOUT_MS,
      })
      .toBe(20);
    ended();
    await expect
      .poll(() => imageOf(page).getAttribute('src'), { timeout: RUN_TIMEOUT_MS })
      .toBe(image);
    await page.getByText(/only its picture was charged/).waitFor({ timeout: RUN_TIMEOUT_MS });
    await pause(2_000);
    expect((await usedCents(page)) - before).toBe(20);
    expect(await status(image!)).toBe(200);
    await openGallery(page);
    await expect.poll(() => page.getByText('All (1)').count()).toBe(1);
  });

  it('a tab closed after the image: the next visit finds the creation in the gallery, charged once', async () => {
    e2e.expectConsoleError(/Failed to load resource|Failed to fetch/);
    const email = uniqueEmail('closed-tab');
    const page = await e2e.open('mobile', { signedInAs: email });
    const context = page.context();
    const before = await usedCents(page);
    await startRun(page);
    const image = await imageOf(page).getAttribute('src', { timeout: RUN_TIMEOUT_MS });
    await page.close();
    // Nobody waits for it or reads it now: its video is stopped, the image's share charged.
    const watcher = await context.newPage();
    await watcher.goto(`${e2e.baseUrl}/healthz`);
    const token = await tokenOf(watcher);
    const used = async () => (await usedCentsOf(e2e.baseUrl, token)) - before;
    await expect.poll(used, { ...CHARGE_POLL, timeout: RUN_TIMEOUT_MS }).toBe(20);
    await watcher.goto(e2e.baseUrl);
    await watcher
      .getByText('The costume you started before the page was closed is in your gallery.')
      .waitFor({ timeout: RUN_TIMEOUT_MS });
    await openGallery(watcher);
    await expect.poll(() => watcher.getByText('All (1)').count()).toBe(1);
    expect(await watcher.locator(`img[src="${image}"]`).count()).toBe(1);
    expect(await status(image!)).toBe(200);
    await pause(1_000);
    expect(await used()).toBe(20);
    // Picked up once: another visit adds nothing and says nothing.
    await watcher.reload();
    await openGallery(watcher);
    await expect.poll(() => watcher.getByText('All (1)').count()).toBe(1);
    expect(await watcher.getByText(/before the page was closed/).count()).toBe(0);
  });
});
