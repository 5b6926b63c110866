import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();
const WIDTHS = [320, 390, 768, 820, 900, 1024, 1280, 1920];

/** How far the page reaches past the window's right edge, and what sticks out furthest. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let worst = '';
    let right = 0;
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      if (clipped(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right) {
        right = box.right;
        worst = `${element.tagName.toLowerCase()}.${element.className}`;
      }
    }
    return {
      scroll: document.documentElement.scrollWidth - window.innerWidth,
      widest: right > width + 1 ? `${worst} ends at ${Math.round(right)} px` : '',
    };
  });
}

async function expectNoSidewaysScroll(page: Page, view: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(50);
    const found = await overflow(page);
    expect(found, `${view} at ${width} px`).toEqual({ scroll: 0, widest: '' });
  }
}

describe('no view scrolls sideways, from 320 to 1920 px', () => {
  it('landing', async () => {
    const page = await e2e.open('desktop');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoSidewaysScroll(page, 'landing');
  });

  it('create (upload and presets) and gallery, signed in with a long display name', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('a-rather-long-name') });
    await expectNoSidewaysScroll(page, 'create, upload');
    await page.getByRole('button', { name: 'Use Presets' }).click();
    await expectNoSidewaysScroll(page, 'create, presets');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'My Gallery' }).first().click();
    await expectNoSidewaysScroll(page, 'gallery');
  });
});
