import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { ROOT } from './support/paths';
import { clickOpeningWindow, windowClosed } from './support/windows';

const e2e = useE2E();
const SHOTS = path.join(ROOT, 'test-results', 'account-shots');

/** The header's credit balance as a number (the text reads like "$5.00"). */
async function credits(page: Page): Promise<number> {
  const text = await page.getByRole('banner').locator('.pw-credits strong').innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

/** Whether keyboard focus is on the overlay or inside it (the iframe element when the pricing page has it). */
function focusInOverlay(page: Page): Promise<{ inside: boolean; where: string }> {
  return page.evaluate(() => {
    const overlay = document.querySelector('[role="dialog"][aria-modal="true"]');
    const active = document.activeElement;
    const where = active
      ? `${active.tagName.toLowerCase()}${active.className ? `.${String(active.className)}` : ''} "${(active.textContent ?? '').trim().slice(0, 30)}"`
      : 'nothing';
    return { inside: !!overlay && !!active && overlay.contains(active), where };
  });
}

describe('subscription', () => {
  it('Upgrade opens pricing in the overlay; checkout completes; the header shows Manage and more credits', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('upgrade') });
    // Analytics tools as a site would load them: the purchase must reach both.
    await page.evaluate(() => {
      const calls: unknown[] = [];
      Object.assign(window, {
        __analytics: calls,
        gtag: (...args: unknown[]) => calls.push(['gtag', ...args]),
        fbq: (...args: unknown[]) => calls.push(['fbq', ...args]),
      });
    });
    const header = page.getByRole('banner');
    const upgrade = header.getByRole('button', { name: 'Upgrade' });
    await upgrade.waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThan(0);
    const before = await credits(page);

    await upgrade.click();
    const overlay = page.getByRole('dialog', { name: 'Plans and credits' });
    await overlay.waitFor();
    const pricing = page.frameLocator('iframe[title="Choose a plan"]');
    await pricing.getByRole('button', { name: 'Choose Plus' }).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'subscription-overlay-desktop.png') });
    await expectAccessible(page, 'subscription overlay');

    const checkout = await clickOpeningWindow(
      page.context(),
      pricing.getByRole('button', { name: 'Choose Plus' }),
    );
    expect(new URL(checkout.url()).pathname).toBe('/checkout');
    await checkout.getByLabel('Name on card').fill('Luna Lovegood');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay/ }).click();

    // success closes the checkout window and the overlay, and plan and credits are re-read.
    await windowClosed(checkout);
    await overlay.waitFor({ state: 'detached' });
    await header.getByRole('button', { name: 'Manage' }).waitFor();
    await expect.poll(() => credits(page)).toBeGreaterThan(before);

    const analytics = (await page.evaluate(
      () => (window as unknown as { __analytics: unknown[][] }).__analytics,
    )) as unknown[][];
    expect(analytics).toContainEqual([
      'gtag',
      'event',
      'purchase',
      {
        currency: 'USD',
        value: 9.99,
        items: [{ item_name: 'Workflow Credits', price: 9.99, quantity: 1 }],
      },
    ]);
    expect(analytics).toContainEqual([
      'fbq',
      'track',
      'Purchase',
      { currency: 'USD', value: 9.99, content_name: 'Workflow Credits' },
    ]);

    // Manage opens pricing again, which now knows the plan; a reload keeps Manage (from the platform).
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Manage' }).waitFor();
  });

  it('keyboard focus stays in the overlay under Tab and Shift+Tab, and returns to Upgrade on close', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('upgrade-keys') });
    const upgrade = page.getByRole('banner').getByRole('button', { name: 'Upgrade' });
    await upgrade.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: 'Plans and credits' });
    await overlay.waitFor();
    await page
      .frameLocator('iframe[title="Choose a plan"]')
      .getByRole('button', { name: 'Choose Plus' })
      .waitFor();
    // Far more presses than the overlay and the pricing page have controls, both ways round.
    const seen = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 25; press += 1) {
        await page.keyboard.press(key);
        const focus = await focusInOverlay(page);
        seen.add(focus.where);
        expect(focus.inside, `${key} #${press + 1} left focus on ${focus.where}`).toBe(true);
      }
    }
    // The cycle passed through both the overlay's own control and the pricing page.
    expect([...seen].some((where) => where.startsWith('button.pw-icon-btn'))).toBe(true);
    expect([...seen].some((where) => where.startsWith('iframe'))).toBe(true);

    await overlay.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await overlay.waitFor({ state: 'detached' });
    expect(await upgrade.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('inside a frame the pricing page opens in a popup, and checkout still reaches the framed app', async () => {
    e2e.expectConsoleError(/412 \(Precondition Failed\) \(.*\/v1\/storage\)/);
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('framed-upgrade') });
    const host = `${e2e.baseUrl}/__frame-host.html`;
    // A page of the app's origin framing the app, with the platform's own opener policy.
    await page.context().route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'cross-origin-opener-policy': 'same-origin-allow-popups' },
        body: `<!doctype html><html lang="en"><title>Host</title><body style="margin:0">
<iframe src="${e2e.baseUrl}/" title="Pawloween app" style="width:1200px;height:860px;border:0"></iframe></body></html>`,
      }),
    );
    await page.goto(host);
    const app = page.frameLocator('iframe[title="Pawloween app"]');
    const upgrade = app.getByRole('banner').getByRole('button', { name: 'Upgrade' });
    await upgrade.waitFor({ timeout: 20_000 });

    const pricing = await clickOpeningWindow(page.context(), upgrade);
    expect(new URL(pricing.url()).pathname).toBe('/subscribe');
    expect(await app.getByRole('dialog', { name: 'Plans and credits' }).count()).toBe(0);

    const checkout = await clickOpeningWindow(
      page.context(),
      pricing.getByRole('button', { name: 'Choose Pro' }),
    );
    await checkout.getByLabel('Name on card').fill('Luna Lovegood');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay/ }).click();

    // success closes both windows; the framed app re-reads its plan.
    await windowClosed(checkout);
    await windowClosed(pricing);
    await app.getByRole('banner').getByRole('button', { name: 'Manage' }).waitFor();
  });

  it('the overlay fits a phone screen and closes with Escape', async () => {
    const page = await e2e.open('mobile', { signedInAs: uniqueEmail('upgrade-mobile') });
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await sheet.getByRole('button', { name: 'Upgrade' }).click();
    const overlay = page.getByRole('dialog', { name: 'Plans and credits' });
    await overlay.waitFor();
    await page
      .frameLocator('iframe[title="Choose a plan"]')
      .getByRole('button', { name: 'Choose Plus' })
      .waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'subscription-overlay-mobile.png') });
    const box = await overlay.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
  });
});
