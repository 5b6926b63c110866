// `pawloween plan --open` and the app open the pricing page with the token in its address (issue
// 32): the page must take it out of the address (and so out of history) at once, and still work.
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();

describe('the pricing page opened with a token', () => {
  it('removes access_token from its address after load and stays signed in', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('pricing-token') });
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
    expect(token).toBeTruthy();

    await page.goto(`${e2e.baseUrl}/subscribe?access_token=${token}&plan=pro`);
    // Signed in: the plans can be bought and the current one is marked.
    await page.getByRole('button', { name: 'Choose Plus' }).waitFor();
    await page.getByText('Current plan').waitFor();
    await page.waitForLoadState('load');

    const address = await page.evaluate(() => window.location.href);
    expect(address).not.toContain('access_token');
    expect(address).not.toContain(token!);
    expect(new URL(address).searchParams.get('plan')).toBe('pro');
    // Back in history is the app, and the page's own entry no longer carries the token.
    await page.goBack();
    await page.goForward();
    expect(page.url()).not.toContain(token!);
  });
});
