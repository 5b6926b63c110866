// The browser's (or Android's) Back, Forward and reload on a 390 px phone. SPEC.md has no URL
// routes: the address never changes, the view and the open layers live in history.state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import type { GalleryItem } from '../../domain/model/gallery-item';
import { openFirstCreation, seedGallery } from './support/gallery';
import { signInThroughLocalPage, waitForApp } from './support/sign-in';

const e2e = useE2E();

const back = async (page: Page) => {
  await page.goBack({ waitUntil: 'commit' }).catch(() => undefined);
};
const forward = async (page: Page) => {
  await page.goForward({ waitUntil: 'commit' }).catch(() => undefined);
};
const galleryHeading = (page: Page) => page.getByRole('heading', { name: 'My Pet Gallery' });
const createTitle = (page: Page) => page.getByRole('heading', { name: 'Your Halloween Costume' });
/** The Create view, its form or its results. */
const createView = (page: Page) =>
  page.getByRole('button', { name: /Generate Halloween Costume|Create Another Costume/ }).first();

/** A page of another site that links to the app: the page before the app in the tab's history. */
const otherPage = (appUrl: string) =>
  `data:text/html,${encodeURIComponent(`<title>Pet blog</title><a href="${appUrl}">Open Pawloween</a>`)}`;

describe('Back, Forward and reload on a phone', () => {
  it('Back steps through the app’s own entries, then leaves to the page that opened it, never to the sign-in page', async () => {
    const page = await (await e2e.context('mobile')).newPage();
    await page.goto(otherPage(`${e2e.baseUrl}/`));
    await page.getByRole('link', { name: 'Open Pawloween' }).click();
    await signInThroughLocalPage(page, uniqueEmail('history-leave'));
    const signInPages: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/auth'))
        signInPages.push(frame.url());
    });
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await sheet.waitFor();

    await back(page);
    await sheet.waitFor({ state: 'detached' });
    await back(page);
    await createView(page).waitFor();
    expect(await galleryHeading(page).count()).toBe(0);
    await back(page);
    await page.waitForURL((url) => url.protocol === 'data:');
    await page.getByRole('link', { name: 'Open Pawloween' }).waitFor();

    // Forward comes back into the app; a quick double Back from the gallery leaves again.
    await forward(page);
    await waitForApp(page);
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    // Both pressed before the page answers the first.
    await back(page);
    await back(page);
    await page.waitForURL((url) => url.protocol === 'data:');
    expect(signInPages).toEqual([]);
  });

  it('Back closes the viewer, then the gallery, at the same address; Forward and reload keep the view', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history') });
    const address = page.url();
    await generateFromPresets(page, 'Tabby Cat', 'Witch');
    await waitForResults(page);

    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    const viewer = await openFirstCreation(page);

    await back(page);
    await viewer.waitFor({ state: 'detached' });
    expect(await galleryHeading(page).isVisible()).toBe(true);

    await back(page);
    await createTitle(page).waitFor();
    expect(await galleryHeading(page).count()).toBe(0);

    expect(page.url()).toBe(address);
    expect(await bar.isVisible()).toBe(true);

    // Forward goes back to the gallery after a Back from it.
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await back(page);
    await createTitle(page).waitFor();
    await forward(page);
    await galleryHeading(page).waitFor();

    // A reload shows the view it was on.
    await page.reload();
    await galleryHeading(page).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(address);
    await back(page);
    await page
      .getByRole('button', { name: /Generate Halloween Costume|Create Another Costume/ })
      .first()
      .waitFor();
  });

  it('Back during a run is taken by the progress overlay: the run stays on screen and its results come', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history-run') });
    const bar = page.getByRole('navigation', { name: 'Main' });
    // Gallery, then Create: a Back that the overlay did not take would show the empty gallery.
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await bar.getByRole('button', { name: 'Create', exact: true }).click();
    await generateFromPresets(page, 'Tabby Cat', 'Witch');
    const overlay = page.getByRole('dialog', { name: 'Generating Magic...' });
    await overlay.waitFor();
    await back(page);
    await waitForResults(page);
    expect(await galleryHeading(page).count()).toBe(0);
    expect(await page.getByText('No creations yet').count()).toBe(0);
  });

  it('Back closes the account sheet before anything else, and Forward opens it again', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history-sheet') });
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await sheet.waitFor();
    await back(page);
    await sheet.waitFor({ state: 'detached' });
    expect(await galleryHeading(page).isVisible()).toBe(true);
    // Forward opens again what Back closed.
    await forward(page);
    await sheet.waitFor();
    await back(page);
    await sheet.waitFor({ state: 'detached' });

    // Closed from the page, its history entry goes too: the next Back returns to Create.
    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Back in the same moment: the app takes no Back of its own that this one could race.
    await back(page);
    await createView(page).waitFor();
    expect(await galleryHeading(page).count()).toBe(0);
  });

  it('Account Settings from the sheet leaves no dead entry: one Back returns to where the person was', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history-settings') });
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('button', { name: 'Account Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await settings.waitFor();
    expect(await page.getByRole('dialog', { name: 'Account', exact: true }).count()).toBe(0);
    await back(page);
    await settings.waitFor({ state: 'detached' });
    expect(await galleryHeading(page).isVisible()).toBe(true);
    // The next Back is not spent on the sheet's old entry: it returns to Create.
    await back(page);
    await createView(page).waitFor();
  });

  it('Back closes the create view’s preset sheet and Forward opens it again; Back leaves Create only once it is gone', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history-picker') });
    await page.getByRole('button', { name: 'Choose a preset pet' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a preset pet' });
    await picker.waitFor();
    await back(page);
    await picker.waitFor({ state: 'detached' });
    expect(await createView(page).isVisible()).toBe(true);
    await forward(page);
    await picker.waitFor();
    await back(page);
    await picker.waitFor({ state: 'detached' });
    // Closed by its own button, then Back: the sheet's entry is not spent again, and Back goes on
    // from Create to the page before the app (the tab's blank page), not to the sign-in page.
    await page.getByRole('button', { name: 'Choose a preset pet' }).click();
    await picker.getByRole('button', { name: 'Close' }).click();
    await picker.waitFor({ state: 'detached' });
    await back(page);
    await page.waitForURL('about:blank');
  });

  it('Forward after Back reopens the viewer on the same creation, and a reload keeps it open', async () => {
    const email = uniqueEmail('history-viewer');
    const page = await e2e.open('mobile', { signedInAs: email });
    const items: GalleryItem[] = [
      '/presets/pets/cat1.png',
      '/presets/pets/dog2.png',
      '/presets/pets/bird1.png',
    ].map((imageUrl, index) => ({
      id: String(1_730_000_000_000 + index * 3_600_000),
      timestamp: 1_730_000_000_000 + index * 3_600_000,
      imageUrl,
      videoUrl: '',
      isFavorite: false,
    }));
    await seedGallery(page, items);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await page.getByRole('button', { name: /^All \(3\)$/ }).waitFor();
    const viewer = await openFirstCreation(page);
    // The next creation, in the same viewer: the entry follows it.
    await viewer.getByRole('button', { name: 'Next creation' }).click();
    await viewer.getByText('2 of 3').waitFor();
    const name = await viewer.getAttribute('aria-label');

    await back(page);
    await viewer.waitFor({ state: 'detached' });
    await forward(page);
    await viewer.getByText('2 of 3').waitFor();
    expect(await viewer.getAttribute('aria-label')).toBe(name);

    await page.reload();
    await viewer.getByText('2 of 3').waitFor({ timeout: 20_000 });
    // Closed from the page, then Back at once: the gallery's Back goes to Create.
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await back(page);
    await createView(page).waitFor();
  });
});
