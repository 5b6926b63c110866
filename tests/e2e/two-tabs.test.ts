// Two real tabs of the app in one browser: a creation made in one and a deletion made in the other
// show in both, taken from the device's shared storage, while the receiving tab's platform reads
// are held back (so the change cannot have come from them).
import type { Page, Response, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateFromPresets, waitForResults, RUN_TIMEOUT_MS } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { openGallery } from './support/gallery';
import { waitForApp } from './support/sign-in';

const e2e = useE2E();
const STORAGE = '**/v1/storage*';

/** Holds the page's platform storage reads until the returned function lets them go. */
async function holdPlatformReads(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route(STORAGE, (route) =>
    holding && route.request().method() === 'GET' ? void held.push(route) : route.fallback(),
  );
  return async () => {
    holding = false;
    await Promise.all(held.map((route) => route.fallback()));
  };
}

const isStorageWrite = (response: Response) =>
  response.request().method() === 'PUT' && new URL(response.url()).pathname === '/v1/storage';

/** The header's credit balance as it reads now (desktop). */
const credits = (page: Page) =>
  page.locator('.pw-credits[aria-label^="Credit balance "]').getAttribute('aria-label');

describe('two tabs', () => {
  it('agree on the credit balance: a creation paid for in one is taken off in the other', async () => {
    const one = await e2e.open('desktop', { signedInAs: uniqueEmail('tabs-credits') });
    const two = await one.context().newPage();
    await two.goto(e2e.baseUrl);
    await waitForApp(two);
    await expect.poll(() => credits(two), { timeout: 15_000 }).not.toBe('Credit balance loading');
    const before = await credits(two);

    await generateFromPresets(one, 'Husky', 'Ghost');
    await waitForResults(one);
    await expect.poll(() => credits(one), { timeout: 15_000 }).not.toBe(before);
    const after = await credits(one);
    // Tab two is not focused again: the gallery that tab one stored brings the balance with it.
    await expect.poll(() => credits(two), { timeout: 15_000 }).toBe(after);
  });

  it('agree on a new creation and on a deletion, taken from the device, not the platform', async () => {
    const one = await e2e.open('mobile', { signedInAs: uniqueEmail('tabs') });
    const two = await one.context().newPage();
    await two.goto(e2e.baseUrl);
    await waitForApp(two);
    await openGallery(two, true);
    await two.getByText('No creations yet').waitFor();
    const releaseTwo = await holdPlatformReads(two);

    const stored = one.waitForResponse(isStorageWrite, { timeout: RUN_TIMEOUT_MS });
    await generateFromPresets(one, 'Husky', 'Ghost');
    await waitForResults(one);
    await two.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    await two.getByRole('button', { name: /^Open creation from/ }).waitFor();
    await releaseTwo();

    // Deleted in tab two (for good once its Undo time is over): gone from tab one too.
    await stored;
    const releaseOne = await holdPlatformReads(one);
    await openGallery(one, true);
    await one.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    await two.getByRole('button', { name: 'Delete creation' }).first().click();
    await two
      .getByRole('alertdialog', { name: 'Delete Creation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await one.getByRole('button', { name: /^All \(0\)$/ }).waitFor({ timeout: 20_000 });
    await one.getByText('No creations yet').waitFor();
    await releaseOne();
  });

  it('agree on the display name saved in Account Settings, taken from the device, not the platform', async () => {
    const one = await e2e.open('mobile', { signedInAs: uniqueEmail('tabs-name') });
    const two = await one.context().newPage();
    await two.goto(e2e.baseUrl);
    await waitForApp(two);
    const releaseTwo = await holdPlatformReads(two);
    await one.getByRole('button', { name: 'Account', exact: true }).click();
    await one.getByRole('button', { name: 'Account Settings' }).click();
    const settings = one.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByLabel('Display Name').fill('Morticia Two-Tabs');
    await settings.getByRole('button', { name: /^Save/ }).click();
    await settings.waitFor({ state: 'detached' });
    await two.getByRole('button', { name: 'Account', exact: true }).click();
    await two
      .getByRole('dialog', { name: 'Account', exact: true })
      .getByText('Morticia Two-Tabs')
      .waitFor();
    await releaseTwo();
  });

  it('a tab opened while another tab’s new creation is still on its way to the platform shows it', async () => {
    // Tab one's held write meets tab two's (a conditional write refused, merged and sent again).
    e2e.expectConsoleError(/412 \(Precondition Failed\)/);
    const one = await e2e.open('mobile', { signedInAs: uniqueEmail('tabs-new') });
    // Tab one's gallery write is held on its way: tab two opens between the device and the platform.
    let letGo = () => undefined as unknown;
    const written = new Promise<void>((resolve) => (letGo = resolve));
    const held: Route[] = [];
    await one.route(STORAGE, (route) =>
      route.request().method() === 'PUT' ? void (held.push(route), letGo()) : route.fallback(),
    );
    await generateFromPresets(one, 'Husky', 'Ghost');
    await written;
    const two = await one.context().newPage();
    await two.goto(e2e.baseUrl);
    await waitForApp(two);
    await openGallery(two, true);
    await two.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
    // Once tab two has read the platform, it still shows it.
    await two.waitForLoadState('networkidle');
    expect(await two.getByRole('button', { name: /^All \(1\)$/ }).count()).toBe(1);
    await one.unroute(STORAGE);
    await Promise.all(held.map((route) => route.fallback()));
    await waitForResults(one);
    await two.getByRole('button', { name: /^All \(1\)$/ }).waitFor();
  });
});
