import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { uniqueEmail, useE2E } from './support/e2e';
import { waitForApp } from './support/sign-in';

const e2e = useE2E();

/** Every address in the tab's back/forward list, read through the devtools protocol. */
async function historyUrls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as {
    entries: { url: string }[];
  };
  await cdp.detach();
  return entries.map((entry) => entry.url);
}

describe('sign in by redirect', () => {
  it('goes through the local sign-in page and back; the token leaves the address bar and the history', async () => {
    const email = uniqueEmail('redirect');
    const page = await e2e.open('desktop');

    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth'));
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('project_token')).toBe(e2e.projectToken);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${e2e.baseUrl}/`);
    await expectAccessible(page, 'local sign-in page');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await waitForApp(page);

    await expect.poll(() => page.url()).not.toContain('accessToken');
    expect(new URL(page.url()).search).toBe('');
    const history = await historyUrls(page);
    expect(history.length).toBeGreaterThan(1);
    expect(history.filter((url) => url.includes('accessToken'))).toEqual([]);

    // The default display name is the part of the e-mail before the @.
    const name = email.split('@')[0]!;
    await page.getByText(name, { exact: true }).first().waitFor();

    // The token was persisted: a reload stays signed in, and never shows the landing page's Sign In.
    await page.reload();
    await waitForApp(page);
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
  });
});
