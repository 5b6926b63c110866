// The browser's (or Android's) Back, Forward and reload on a 390 px phone. SPEC.md has no URL
// routes: the address never changes, the view and the open layers live in history.state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { historySettled } from './support/sign-in';

const e2e = useE2E();

const back = async (page: Page) => {
  await page.goBack({ waitUntil: 'commit' }).catch(() => undefined);
};
const forward = async (page: Page) => {
  await page.goForward({ waitUntil: 'commit' }).catch(() => undefined);
};
const galleryHeading = (page: Page) => page.getByRole('heading', { name: 'My Pet Gallery' });
const createTitle = (page: Page) => page.getByRole('heading', { name: 'Your Halloween Costume' });

describe('Back, Forward and reload on a phone', () => {
  it('Back closes the viewer, then the gallery, and never leaves the signed-in app; Forward and reload keep the view', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('history') });
    const address = page.url();
    await generateFromPresets(page, 'Tabby Cat', 'Witch');
    await waitForResults(page);

    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await galleryHeading(page).waitFor();
    await page
      .getByRole('button', { name: /^Open creation from/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: /^Creation from/ });
    await viewer.waitFor();

    await back(page);
    await viewer.waitFor({ state: 'detached' });
    expect(await galleryHeading(page).isVisible()).toBe(true);

    await back(page);
    await createTitle(page).waitFor();
    expect(await galleryHeading(page).count()).toBe(0);

    // Back again, twice: still the signed-in app, at the same address (not the sign-in page).
    await back(page);
    await back(page);
    await createTitle(page).waitFor();
    expect(page.url()).toBe(address);
    expect(await bar.isVisible()).toBe(true);

    // Forward goes back to the gallery after a Back from it.
    await back(page);
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

  it('Back closes the account sheet before anything else', async () => {
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

    // Closed from the page, its history entry goes too: the next Back returns to Create.
    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // A person's Back comes after the app has taken the sheet's entry away, not within a moment.
    await historySettled(page);
    await back(page);
    await page.getByRole('button', { name: /Generate Halloween Costume/ }).waitFor();
  });
});
