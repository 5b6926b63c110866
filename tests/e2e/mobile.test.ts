import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { waitForApp } from './support/sign-in';

const e2e = useE2E();

describe('mobile layout (390x844, touch)', () => {
  it('replaces the header tabs with a bottom bar; Account opens a sheet with credits, settings and sign out', async () => {
    const email = uniqueEmail('mobile');
    const page = await e2e.open('mobile', { signedInAs: email });

    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.waitFor();
    for (const name of ['Gallery', 'Create', 'Account']) {
      expect(await bar.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    // The bar sits at the bottom of the screen.
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBeGreaterThanOrEqual(844 - 2);
    expect(await page.getByRole('button', { name: 'My Gallery' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page, 'create view (mobile)');

    await bar.getByRole('button', { name: 'Gallery', exact: true }).click();
    await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
    expect(
      await bar.getByRole('button', { name: 'Gallery', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await bar.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForApp(page);

    await bar.getByRole('button', { name: 'Account', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Account' });
    await sheet.waitFor();
    expect(await sheet.getByText('Remaining credits').isVisible()).toBe(true);
    const meter = sheet.getByRole('meter', { name: 'Remaining credits' });
    await expect.poll(() => meter.getAttribute('aria-valuenow')).not.toBe('0');
    expect(await sheet.getByRole('button', { name: 'Account Settings' }).isVisible()).toBe(true);
    expect(await sheet.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    expect(await sheet.getByText(email.split('@')[0]!, { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'account sheet (mobile)');

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });
});
