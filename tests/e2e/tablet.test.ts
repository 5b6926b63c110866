import { describe, expect, it } from 'vitest';
import type { GalleryItem } from '../../domain/model/gallery-item';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { openGallery, seedGallery, swipe } from './support/gallery';

const e2e = useE2E();

const items: GalleryItem[] = [
  '/presets/pets/cat1.png',
  '/files/a-file-that-is-gone.png',
  '/presets/pets/dog2.png',
].map((imageUrl, index) => ({
  id: String(1_730_000_000_000 + index * 60_000),
  timestamp: 1_730_000_000_000 + index * 60_000,
  imageUrl,
  videoUrl: '',
  isFavorite: false,
}));

describe('the gallery on a tablet, by touch', () => {
  for (const [width, height] of [
    [768, 1024],
    [820, 1180],
    [900, 1200],
    [1024, 1366],
  ] as const)
    it(`at ${width} px: a lost image says so, delete can be undone, the viewer swipes`, async () => {
      // The lost file's 404 is the point of the test.
      e2e.expectConsoleError(/Failed to load resource: the server responded with a status of 404/);
      const page = await e2e.open('mobile', { signedInAs: uniqueEmail(`tablet-${width}`) });
      await page.setViewportSize({ width, height });
      await seedGallery(page, items);
      await openGallery(page);
      await page.getByRole('button', { name: /^All \(3\)$/ }).waitFor();

      // The creation whose file is gone: a placeholder that says so, next to its Delete.
      const lost = page.getByRole('img', { name: 'Image unavailable' });
      await lost.waitFor();
      const card = page.locator('article', { has: lost });
      await card.getByRole('button', { name: 'Delete creation' }).tap();
      await page
        .getByRole('alertdialog', { name: 'Delete Creation' })
        .getByRole('button', { name: 'Delete', exact: true })
        .tap();
      await page.getByRole('button', { name: /^All \(2\)$/ }).waitFor();
      const toast = page.getByRole('status').filter({ hasText: 'Creation deleted.' });
      await expectAccessible(page, `gallery with the undo toast at ${width} px`);
      await toast.getByRole('button', { name: 'Undo' }).tap();
      await page.getByRole('button', { name: /^All \(3\)$/ }).waitFor();

      // The viewer: a swipe to the left shows the next creation.
      await page
        .getByRole('button', { name: /^Open creation from/ })
        .first()
        .tap();
      const viewer = page.getByRole('dialog', { name: /^Creation from/ });
      await viewer.getByText('1 of 3').waitFor();
      await swipe(page, '.pw-viewer__stage', 400, 200);
      await viewer.getByText('2 of 3').waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    });
});
