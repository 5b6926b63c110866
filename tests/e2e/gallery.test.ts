import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();
const email = uniqueEmail('gallery');

async function openGallery(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'My Gallery' })
    .click();
  await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
}

const filter = (page: Page, name: RegExp) => page.getByRole('button', { name });
const cards = (page: Page) =>
  page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Delete creation' }) });

/** Downloads that start within `ms` after `action`. */
async function downloadsDuring(page: Page, action: () => Promise<void>, ms = 1_500) {
  const names: string[] = [];
  const listener = (download: Download) => names.push(download.suggestedFilename());
  page.on('download', listener);
  await action();
  await page.waitForTimeout(ms);
  page.off('download', listener);
  return names;
}

describe('gallery and viewer', () => {
  it('starts empty, then keeps the generated creation; the heart fills Favorites', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await openGallery(page);
    await page.getByText('No creations yet').waitFor();
    await page.getByText('Generate your first Halloween pet costume to see it here!').waitFor();
    expect(await filter(page, /^All \(0\)$/).isVisible()).toBe(true);
    expect(await filter(page, /^Favorites \(0\)$/).isVisible()).toBe(true);
    await expectAccessible(page, 'empty gallery');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Create' })
      .click();
    await generateFromPresets(page, 'Maine Coon', 'Skeleton');
    await waitForResults(page);

    await openGallery(page);
    await filter(page, /^All \(1\)$/).waitFor();
    expect(await cards(page).count()).toBe(1);
    // The card takes its video badge when the creation's video is written to it, a moment after
    // the create view shows the video.
    await cards(page).first().getByText('Video').waitFor();
    const heart = cards(page).first().getByRole('button', { name: 'Favorite' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'gallery with one creation');

    await heart.click();
    await filter(page, /^Favorites \(1\)$/).click();
    expect(await cards(page).count()).toBe(1);
    await cards(page).first().getByRole('button', { name: 'Favorite' }).click();
    await filter(page, /^Favorites \(0\)$/).waitFor();
    await page.getByText('No favorites yet').waitFor();
    await page.getByText('Heart your favorite creations to see them here!').waitFor();
    await filter(page, /^All \(1\)$/).click();
  });

  it('opens the viewer: Space plays and pauses, downloads are named and debounced, Escape goes back', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await openGallery(page);
    const card = cards(page).first();
    await card.waitFor();
    const id = await card.getAttribute('data-item-id');
    expect(id).toMatch(/^\d+$/);

    await card.getByRole('button', { name: /^Open creation from / }).click();
    const viewer = page.getByRole('dialog', { name: /^Creation from / });
    await viewer.waitFor();
    for (const name of ['Back to Gallery', 'Download Image', 'Download Video', 'Favorite']) {
      expect(await viewer.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    const video = viewer.getByLabel('Costume video');
    expect(await video.getAttribute('poster')).toBeTruthy();
    await expectAccessible(page, 'full-screen viewer');

    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    await viewer.focus();
    const before = await paused();
    await page.keyboard.press('Space');
    await expect.poll(paused).toBe(!before);
    await page.keyboard.press('Space');
    await expect.poll(paused).toBe(before);

    const images = await downloadsDuring(page, async () => {
      await viewer.getByRole('button', { name: 'Download Image' }).click();
      await viewer.getByRole('button', { name: 'Download Image' }).click();
    });
    expect(images).toEqual([`pawloween-image-${id}.png`]);
    const videos = await downloadsDuring(page, () =>
      viewer.getByRole('button', { name: 'Download Video' }).click(),
    );
    expect(videos).toEqual([`pawloween-video-${id}.mp4`]);

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
  });

  it('deletes a creation only after confirmation, and the deletion sticks', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await openGallery(page);
    await cards(page).first().waitFor();

    await cards(page).first().getByRole('button', { name: 'Delete creation' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Creation' });
    await confirm.waitFor();
    await expectAccessible(page, 'Delete Creation confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(1);

    await cards(page).first().getByRole('button', { name: 'Delete creation' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No creations yet').waitFor();
    expect(await filter(page, /^All \(0\)$/).isVisible()).toBe(true);

    await page.reload();
    await openGallery(page);
    await page.getByText('No creations yet').waitFor();
  });
});
