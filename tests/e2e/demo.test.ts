import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

type Box = { x: number; y: number; width: number; height: number };
import { describe, expect, it } from 'vitest';
import type { Device } from './support/browser';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { ROOT } from './support/paths';
import { waitForApp } from './support/sign-in';
import { clickOpeningWindow } from './support/windows';

const e2e = useE2E();
const SHOTS = path.join(ROOT, 'test-results', 'account-shots');
const TEXT = "You're on a demo app. Press 'Publish' to publish your app.";

/**
 * The app's page without its project token meta tag, so the app runs as a demo. Removed when parsing
 * ends, before the app's module scripts run; a route would miss the sign-in return, which arrives
 * by redirect.
 */
async function withoutProjectToken(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        for (const meta of document.querySelectorAll('meta[name="pawloween-project-token"]'))
          meta.remove();
      },
      { once: true },
    );
  });
}

/** A demo app, signed in through the local platform's demo sign-in page. */
async function signedInDemo(device: Device): Promise<Page> {
  // Without the meta tag the page is what a static host serves: the app reads the build's
  // pawloween.config.json ({}, every default), with no 404 in the console (README "Deploy").
  const context = await e2e.context(device);
  await withoutProjectToken(context);
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/auth'));
  const authorize = new URL(page.url());
  expect(authorize.pathname).toBe('/auth/demo');
  expect(authorize.searchParams.get('project_token')).toBeNull();
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${e2e.baseUrl}/`);
  await page.getByLabel('Email').fill(uniqueEmail('demo'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await waitForApp(page);
  return page;
}

/** A box's overlap with another, in square pixels (0 when they only touch or are apart). */
function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

/**
 * The collapsed tab covers neither the page title nor any control of the app, and a click at its
 * middle reaches it (nothing sits on top of it).
 */
async function expectTabClear(page: Page): Promise<void> {
  const tab = page.getByRole('button', { name: 'Show demo banner' });
  const tabBox = (await tab.boundingBox())!;
  const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  expect(
    overlapArea(tabBox, title),
    `tab ${JSON.stringify(tabBox)} on title ${JSON.stringify(title)}`,
  ).toBe(0);
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, [role="tab"]')]
      .filter((element) => element.getAttribute('aria-label') !== 'Show demo banner')
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return { name, x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .filter((box) => box.width > 0 && box.height > 0),
  );
  for (const control of controls)
    expect(overlapArea(tabBox, control), `tab on control "${control.name}"`).toBe(0);
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
    [tabBox.x + tabBox.width / 2, tabBox.y + tabBox.height / 2],
  );
  expect(hit).toBe('Show demo banner');
}

/** The open banner covers no part of the Create title (issue 31), nor its line under it. */
async function expectTitleClear(page: Page): Promise<void> {
  const banner = page.getByRole('complementary', { name: 'Demo app' });
  // The room it keeps follows its height: wait until the title has moved clear.
  await expect
    .poll(async () => {
      const bannerBox = (await banner.boundingBox())!;
      const title = (await page.getByRole('heading', { name: 'Create a Costume' }).boundingBox())!;
      return overlapArea(bannerBox, title);
    })
    .toBe(0);
  const bannerBox = (await banner.boundingBox())!;
  const subtitle = (await page.locator('.pw-create__subtitle').boundingBox())!;
  expect(overlapArea(bannerBox, subtitle)).toBe(0);
}

describe('demo mode', () => {
  it('shows the banner 2 s after sign-in; Publish opens the platform page; the dismiss/tab toggle works', async () => {
    const page = await signedInDemo('desktop');
    const banner = page.getByRole('complementary', { name: 'Demo app' });
    // It waits its 2 s (exactly, on a fake clock, in demo-banner.test.tsx): not there with the app.
    expect(await banner.count()).toBe(0);
    await banner.getByText(TEXT).waitFor();
    await expectTitleClear(page);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-desktop.png') });
    await expectAccessible(page, 'demo banner');

    const publish = await clickOpeningWindow(
      page.context(),
      banner.getByRole('button', { name: 'Publish' }),
    );
    const url = new URL(publish.url());
    expect(url.pathname).toBe('/publish');
    expect(url.searchParams.get('create')).toBe('true');
    await publish.close();

    await banner.getByRole('button', { name: 'Hide Banner?' }).click();
    await banner.getByRole('button', { name: 'Dismiss' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-help-desktop.png') });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    const tab = page.getByRole('button', { name: 'Show demo banner' });
    await tab.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'demo-tab-desktop.png') });
    await expectTabClear(page);

    // Dismissed stays a tab across a reload; the tab brings the banner back.
    await page.reload();
    await waitForApp(page);
    await tab.waitFor();
    await tab.click();
    await banner.getByText(TEXT).waitFor();
    expect(await tab.count()).toBe(0);
  });

  it('fits a phone screen above the app', async () => {
    const page = await signedInDemo('mobile');
    const banner = page.getByRole('complementary', { name: 'Demo app' });
    await banner.getByText(TEXT).waitFor();
    const box = await banner.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectTitleClear(page);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-mobile.png') });
    await banner.getByRole('button', { name: 'Hide Banner?' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-help-mobile.png') });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    const tab = page.getByRole('button', { name: 'Show demo banner' });
    await tab.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'demo-tab-mobile.png') });
    await expectTabClear(page);
    // It lies within the sticky header's band, so a scrolled page passes under the header, never
    // under the tab alone.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, 'demo-tab-mobile-scrolled.png') });
    const header = (await page.getByRole('banner').boundingBox())!;
    const tabBox = (await tab.boundingBox())!;
    expect(overlapArea(tabBox, header)).toBeCloseTo(tabBox.width * tabBox.height, 0);
    // Still reachable: a tap brings the banner back.
    await tab.click();
    await banner.getByText(TEXT).waitFor();
  });

  it('a project token app never shows the banner', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('no-demo') });
    await page.waitForTimeout(2_500);
    expect(await page.getByText(TEXT).count()).toBe(0);
  });
});
