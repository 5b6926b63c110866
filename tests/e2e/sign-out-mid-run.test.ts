// Signed out while a costume is being made (issue 41, item 2): Sign Out in a second tab mid-run.
// The run's creation is not lost, and never shown to anyone else: it waits on this device, as a
// run id kept for its owner, and reaches their gallery on their next sign-in here, which says so.
// Money checked on the platform's usage API, and the result files' status codes.
import { describe, expect, it } from 'vitest';
import { startRunFromPresets } from './support/create-flow';
import { STORAGE_MERGE_412, uniqueEmail, useE2E } from './support/e2e';
import { openFirstCreation, openGallery } from './support/gallery';
import { runToldOnReturn } from './support/run-told';
import { signInThroughLocalPage } from './support/sign-in';
import { tokenOf, usedCentsOf } from './support/usage';

const e2e = useE2E();

const IN_GALLERY = 'Your costume was still being made when you signed out: it is in your gallery.';

const usedCents = (token: string) => usedCentsOf(e2e.baseUrl, token);

describe('signed out while a costume is being made', () => {
  it('Sign Out in another tab mid-run: the owner’s next sign-in says where the costume went, charged once; another user here sees nothing of it', async () => {
    e2e.expectConsoleError(/Failed to load resource|Failed to fetch|401|403/);
    e2e.expectConsoleError(STORAGE_MERGE_412);
    const email = uniqueEmail('signout-mid-run');
    const page = await e2e.open('desktop', { signedInAs: email });
    const other = await page.context().newPage();
    await other.goto(e2e.baseUrl);
    await other.getByRole('button', { name: 'Sign Out' }).waitFor();
    const before = await usedCents(await tokenOf(page));

    await startRunFromPresets(page, 'Golden Retriever', 'Vampire');
    await other.getByRole('button', { name: 'Sign Out' }).click();
    await other
      .getByRole('alertdialog', { name: 'Sign Out' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    // This tab follows: the landing page.
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
    await other.close();

    // Someone else signs in on this browser meanwhile: nothing of the run shows to them.
    await signInThroughLocalPage(page, uniqueEmail('someone-else'));
    await page.waitForTimeout(0);
    expect(await page.getByText(/still being made when you signed out/).count()).toBe(0);
    await openGallery(page);
    await page.getByText('No creations yet').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign Out' })
      .getByRole('button', { name: 'Sign Out' })
      .click();

    // The owner signs in again and is told what became of the run: in the gallery, charged what it
    // delivered; or, when the sign-out came before its picture (the run's caller went away with
    // nothing delivered), not charged at all and not kept.
    await signInThroughLocalPage(page, email);
    const { told, charged, token } = await runToldOnReturn(page, e2e.baseUrl, before);
    if (!told.includes('it was not charged')) {
      expect(told).toBe(IN_GALLERY);
      // The whole costume charged (50) has its video served; the picture alone (20), its video
      // stopped, has none.
      const viewer = await openFirstCreation(page);
      const videos = viewer.locator('video');
      if (charged === 50) {
        const video = await videos.first().getAttribute('src');
        expect((await fetch(video!)).status).toBe(200);
      } else expect(await videos.count()).toBe(0);
    }
    await page.waitForTimeout(1_000);
    expect((await usedCents(token)) - before).toBe(charged);
  });
});
