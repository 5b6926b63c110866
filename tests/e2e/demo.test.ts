import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Device } from './support/browser';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { ROOT } from './support/paths';
import { waitForApp } from './support/sign-in';

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

describe('demo mode', () => {
  it('shows the banner 2 s after sign-in; Publish opens the platform page; the dismiss/tab toggle works', async () => {
    const page = await signedInDemo('desktop');
    const banner = page.getByRole('complementary', { name: 'Demo app' });
    // It waits its 2 s (exactly, on a fake clock, in demo-banner.test.tsx): not there with the app.
    expect(await banner.count()).toBe(0);
    await banner.getByText(TEXT).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-desktop.png') });
    await expectAccessible(page, 'demo banner');

    const published = page.context().waitForEvent('page');
    await banner.getByRole('button', { name: 'Publish' }).click();
    const publish = await published;
    await publish.waitForLoadState();
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
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-mobile.png') });
    await banner.getByRole('button', { name: 'Hide Banner?' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'demo-banner-help-mobile.png') });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Show demo banner' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'demo-tab-mobile.png') });
  });

  it('a project token app never shows the banner', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('no-demo') });
    await page.waitForTimeout(2_500);
    expect(await page.getByText(TEXT).count()).toBe(0);
  });
});
