import type { Locator, Page } from 'playwright-core';
import { AUTH_HEADERS } from '../../../adapters/platform/src/api/auth';
import { STORAGE_KEYS } from '../../../domain/model/constants';
import type { GalleryItem } from '../../../domain/model/gallery-item';

/** My Gallery from the header's tabs, or from the phone's bottom bar. */
export async function openGallery(page: Page, mobile = false) {
  const nav = mobile
    ? page.getByRole('button', { name: 'Gallery', exact: true })
    : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My Gallery' });
  await nav.click();
  await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
}

/** Opens the gallery's first creation in the full-screen viewer and returns the viewer. */
export async function openFirstCreation(page: Page): Promise<Locator> {
  await page
    .getByRole('button', { name: /^Open creation from/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog', { name: /^Creation from/ });
  await viewer.waitFor();
  return viewer;
}

/** Writes a gallery straight into the signed-in user's platform storage, as another device would. */
export async function seedGallery(page: Page, items: GalleryItem[]) {
  await page.evaluate(
    async ({ key, header, tokenKey, items }) => {
      const token = localStorage.getItem(tokenKey) ?? '';
      const answer = await fetch('/v1/storage', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', [header]: token },
        body: JSON.stringify({ sessionData: { [key]: items } }),
      });
      if (!answer.ok) throw new Error(`seeding the gallery: HTTP ${answer.status}`);
    },
    {
      key: STORAGE_KEYS.gallery,
      header: AUTH_HEADERS.accessToken,
      tokenKey: STORAGE_KEYS.accessToken,
      items,
    },
  );
}

/** A finger swiping across `selector` from x `from` to x `to` (touch events, as a phone sends them). */
export async function swipe(page: Page, selector: string, from: number, to: number) {
  await page.locator(selector).evaluate(
    (element, { from, to }) => {
      const touch = (type: string, x: number) =>
        element.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            touches:
              type === 'touchstart'
                ? [new Touch({ identifier: 1, target: element, clientX: x })]
                : [],
            changedTouches: [new Touch({ identifier: 1, target: element, clientX: x })],
          }),
        );
      touch('touchstart', from);
      touch('touchend', to);
    },
    { from, to },
  );
}
