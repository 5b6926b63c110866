// Two real tabs of the app in one browser: a creation made in one and a deletion made in the other
// show in both, taken from the device's shared storage, with no platform read for it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { openGallery } from './support/gallery';
import { waitForApp } from './support/sign-in';

const e2e = useE2E();

/** Counts the page's reads of its platform storage from now on. */
function storageReads(page: Page): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/v1/storage') reads += 1;
  });
  return () => reads;
}

describe('two tabs', () => {
  it('agree on a new creation and on a deletion without reading the platform for it', async () => {
    const one = await e2e.open('mobile', { signedInAs: uniqueEmail('tabs') });
    const two = await one.context().newPage();
    await two.goto(e2e.baseUrl);
    await waitForApp(two);
    await openGallery(two, true);
    await two.getByText('No creations yet').waitFor();
    // Let tab two's own load on opening the gallery finish before counting.
    await two.getByText('Gallery: Saved to your account').waitFor({ state: 'attached' });
    const readsOfTwo = storageReads(two);

    await generateFromPresets(one, 'Husky', 'Ghost');
    await waitForResults(one);
    await two.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    await two.getByRole('button', { name: /^Open creation from/ }).waitFor();
    expect(readsOfTwo()).toBe(0);

    // Deleted in tab two (for good once its Undo time is over): gone from tab one too.
    await openGallery(one, true);
    await one.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    const readsOfOne = storageReads(one);
    await two.getByRole('button', { name: 'Delete creation' }).first().click();
    await two
      .getByRole('alertdialog', { name: 'Delete Creation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await one.getByRole('button', { name: /^All \(0\)$/ }).waitFor({ timeout: 20_000 });
    await one.getByText('No creations yet').waitFor();
    expect(readsOfOne()).toBe(0);
  });
});
