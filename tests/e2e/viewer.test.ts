import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_HEADERS } from '../../adapters/platform/src/api/auth';
import { STORAGE_KEYS } from '../../domain/model/constants';
import type { GalleryItem } from '../../domain/model/gallery-item';
import { expectAccessible } from './support/axe';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { STORAGE_MERGE_412, uniqueEmail, useE2E } from './support/e2e';
import { openGallery, seedGallery, swipe } from './support/gallery';
import { ROOT } from './support/paths';

const e2e = useE2E();
/** Screenshots for people to look at (not failure shots): test-results/screens. */
const SCREENS = path.join(ROOT, 'test-results', 'screens');

const openButtons = (page: Page) => page.getByRole('button', { name: /^Open creation from/ });
const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/**
 * Waits until the platform holds `count` creations. A reload while the write is still in flight
 * loses the creation today (StorageSync: remote wins on load and an absent remote value removes the
 * local copy; reported), so the journey reloads only once the write has landed.
 */
async function waitForStoredGallery(page: Page, count: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ key, header, tokenKey }) => {
            const answer = await fetch('/v1/storage', {
              headers: { [header]: localStorage.getItem(tokenKey) ?? '' },
            });
            const { sessionData } = (await answer.json()) as {
              sessionData: Record<string, unknown[]>;
            };
            return sessionData[key]?.length ?? 0;
          },
          {
            key: STORAGE_KEYS.gallery,
            header: AUTH_HEADERS.accessToken,
            tokenKey: STORAGE_KEYS.accessToken,
          },
        ),
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(count);
}

describe('full-screen viewer', () => {
  it('a generated creation survives a reload, is hearted, viewed full-screen, downloaded by name and deleted', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('viewer') });
    await generateFromPresets(page, 'Husky', 'Vampire');
    await waitForResults(page);
    await waitForStoredGallery(page, 1);

    await page.reload();
    await openGallery(page);
    await page.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    const card = page.getByRole('listitem').filter({ has: openButtons(page) });
    await card.getByRole('button', { name: 'Favorite' }).click();
    await page.getByRole('button', { name: /^Favorites \(1\)$/ }).waitFor();
    await page.getByText('Gallery: Saved to your account').waitFor({ state: 'attached' });

    await openButtons(page).first().click();
    const viewer = page.getByRole('dialog', { name: /^Creation from/ });
    await viewer.waitFor();
    const video = viewer.locator('video');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('poster')).toMatch(/\/files\/.+\.png$/);
    expect(
      await viewer.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expectAccessible(page, 'viewer');

    // Space plays and pauses (focus is on the viewer itself, not on a button).
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // With the video itself focused, Space still toggles once (its own controls must not toggle
    // it back): count the play and pause events one press causes.
    await video.evaluate((v: HTMLVideoElement) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      v.addEventListener('play', () => seen.push('play'));
      v.addEventListener('pause', () => seen.push('pause'));
      v.focus();
    });
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      'play',
    ]);
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    // Tab never leaves the viewer.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(
        await viewer.evaluate((root) => root.contains(document.activeElement)),
        `Tab ${step + 1}`,
      ).toBe(true);
    }

    const id = (await video.getAttribute('poster'))!.match(/([^/]+)\.png$/)![1];
    expect(id).toBeTruthy();
    const [image] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download Image' }).click(),
    ]);
    expect(image.suggestedFilename()).toMatch(/^pawloween-image-\d+\.png$/);
    const [clip] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download Video' }).click(),
    ]);
    expect(clip.suggestedFilename()).toMatch(/^pawloween-video-\d+\.mp4$/);
    // Both name the same gallery item.
    expect(clip.suggestedFilename().match(/\d+/)![0]).toBe(
      image.suggestedFilename().match(/\d+/)![0],
    );
    // Desktop chromium on Linux has no share sheet for files: Share offers its own choice, and
    // downloads nothing until one is made.
    expect(await page.evaluate(() => typeof navigator.canShare)).toBe('undefined');
    let downloads = 0;
    page.on('download', () => downloads++);
    await viewer.getByRole('button', { name: 'Share' }).click();
    const choice = viewer.getByRole('group', { name: 'Share options' });
    await choice.waitFor();
    expect(downloads).toBe(0);
    const [shared] = await Promise.all([
      page.waitForEvent('download'),
      choice.getByRole('button', { name: 'Download Video' }).click(),
    ]);
    expect(shared.suggestedFilename()).toBe(clip.suggestedFilename());
    expect((await image.failure()) ?? undefined).toBeUndefined();

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await activeLabel(page)).toMatch(/^Open creation from/);

    await card.getByRole('button', { name: 'Delete creation' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Creation' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('No creations yet').waitFor();
    await page.reload();
    await openGallery(page);
    await page.getByText('No creations yet').waitFor();
  });

  it('looks right with several creations on a desktop and on a phone (screenshots)', async () => {
    // The phone signs in while the desktop page is open: both write the account's storage, and the
    // stale write is answered 412, merged and sent again (DESIGN.md); chromium logs the 412. Seen
    // once in a clean-clone CI run; the gallery's seven creations below show nothing was lost.
    e2e.expectConsoleError(STORAGE_MERGE_412);
    mkdirSync(SCREENS, { recursive: true });
    const email = uniqueEmail('screens');
    const page = await e2e.open('desktop', { signedInAs: email });
    const images = [
      '/media/landing/after-1.png',
      '/presets/pets/cat1.png',
      '/media/landing/after-2.png',
      '/presets/pets/dog2.png',
      '/media/landing/after-3.png',
      '/presets/pets/bird1.png',
      '/presets/pets/dog3.png',
    ];
    const items: GalleryItem[] = images.map((imageUrl, index) => ({
      id: String(1_730_000_000_000 + index * 60_000),
      timestamp: 1_730_000_000_000 + index * 60_000,
      imageUrl,
      videoUrl: index % 2 === 0 ? '/media/landing/loop-1.mp4' : '',
      isFavorite: index % 3 === 0,
    }));
    await seedGallery(page, items);
    await openGallery(page);
    await page.getByRole('button', { name: /^All \(7\)$/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENS, 'gallery-desktop.png') });
    await openButtons(page).first().click();
    await page.getByRole('dialog', { name: /^Creation from/ }).waitFor();
    await page.screenshot({ path: path.join(SCREENS, 'viewer-desktop.png') });

    const phone = await e2e.open('mobile', { signedInAs: email });
    await openGallery(phone, true);
    await phone.getByRole('button', { name: /^All \(7\)$/ }).waitFor();
    await phone.getByText('1 of 7').waitFor();
    await expectAccessible(phone, 'gallery carousel');
    await phone.screenshot({ path: path.join(SCREENS, 'gallery-mobile.png') });
    await phone.getByRole('button', { name: 'Next creation' }).click();
    await phone.getByText('2 of 7').waitFor();
    await openButtons(phone).first().click();
    await phone.getByRole('dialog', { name: /^Creation from/ }).waitFor();
    await phone.screenshot({ path: path.join(SCREENS, 'viewer-mobile.png') });
    // One toolbar row, the media right below it (no empty band), nothing wider than the screen.
    const layout = await phone.evaluate(() => {
      const bar = document.querySelector('.pw-viewer__bar')!.getBoundingClientRect();
      const above = document.querySelector('.pw-viewer__nav')?.getBoundingClientRect() ?? bar;
      const media = document.querySelector('.pw-viewer__media')!.getBoundingClientRect();
      return {
        oneRow: bar.height <= 64,
        gap: Math.round(media.top - above.bottom),
        fits: document.documentElement.scrollWidth <= window.innerWidth,
      };
    });
    expect(layout.oneRow && layout.fits, JSON.stringify(layout)).toBe(true);
    expect(layout.gap).toBeLessThanOrEqual(16);
    await phone.getByRole('button', { name: 'Back to Gallery' }).waitFor();
    await phone.getByRole('button', { name: 'Download Image' }).waitFor();
    // Previous and next between the creations, with the position: by button and by swipe.
    const viewer = phone.getByRole('dialog', { name: /^Creation from/ });
    await viewer.getByText('2 of 7').waitFor();
    await viewer.getByRole('button', { name: 'Next creation' }).click();
    await viewer.getByText('3 of 7').waitFor();
    await swipe(phone, '.pw-viewer__stage', 100, 300);
    await viewer.getByText('2 of 7').waitFor();
    await expectAccessible(phone, 'viewer on a phone');
  });
});
