// A browser journey against the app the platform serves: Debian's chromium through playwright-core.
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformUrl } from './platform.mjs';

let browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});
afterAll(() => browser?.close());

it('signs in on the platform page and comes back to the app', async () => {
  const page = await browser.newPage();
  await page.goto(`${platformUrl}/`);
  await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/auth'));
  await page.getByLabel('Email').fill('playwright@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('button', { name: 'Generate Halloween Costume' })
    .waitFor({ state: 'visible', timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(new URL(platformUrl).origin);
});
