import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();

async function openGallery(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'My Gallery' })
    .click();
  await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
}

const filter = (page: Page, name: RegExp) => page.getByRole('button', { name });

describe('gallery', () => {
  it('starts empty, keeps a generated creation, hearts it, filters favorites and deletes it after confirmation', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('gallery') });

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
    const items = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Delete creation' }) });
    expect(await items.count()).toBe(1);
    const heart = items.first().getByRole('button', { name: 'Favorite' });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'gallery with one creation');

    await heart.click();
    await filter(page, /^Favorites \(1\)$/).click();
    expect(await items.count()).toBe(1);
    expect(
      await items.first().getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await items.first().getByRole('button', { name: 'Favorite' }).click();
    await filter(page, /^Favorites \(0\)$/).waitFor();
    await page.getByText('No favorites yet').waitFor();
    await page.getByText('Heart your favorite creations to see them here!').waitFor();

    await filter(page, /^All \(1\)$/).click();
    await items.first().getByRole('button', { name: 'Delete creation' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Creation' });
    await confirm.waitFor();
    await expectAccessible(page, 'Delete Creation confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await items.count()).toBe(1);

    await items.first().getByRole('button', { name: 'Delete creation' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No creations yet').waitFor();
    expect(await filter(page, /^All \(0\)$/).isVisible()).toBe(true);

    // The gallery lives in the user's remote storage: a reload shows the same (empty) gallery.
    await page.reload();
    await openGallery(page);
    await page.getByText('No creations yet').waitFor();
  });
});
