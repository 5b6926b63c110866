// A token that runs out while a costume is being made and its renewal cannot get through (issue
// 41, item 2): the page signs out, and the run is not lost. On the owner's next sign-in here they
// are told what became of it: in their gallery (charged what it delivered), or not charged at all.
// Money checked on the platform's usage API, and the result files' status codes.
import { describe, expect, it } from 'vitest';
import { startRunFromPresets } from './support/create-flow';
import { STORAGE_MERGE_412, uniqueEmail, useE2E } from './support/e2e';
import { runToldOnReturn } from './support/run-told';
import { signInThroughLocalPage } from './support/sign-in';
import { tokenOf, usedCentsOf } from './support/usage';

const e2e = useE2E();

const usedCents = (token: string) => usedCentsOf(e2e.baseUrl, token);

describe('a token that expires mid-run while its renewal is blocked', () => {
  it('signs out, and the owner’s next sign-in says where the costume went, charged once', async () => {
    e2e.expectConsoleError(/Failed to load resource|Failed to fetch|ERR_FAILED|401|403/);
    e2e.expectConsoleError(STORAGE_MERGE_412);
    const context = await e2e.context('desktop');
    // Renewal cannot reach the platform, so the hour-long token runs out.
    await context.route('**/v1/auth/refresh', (route) => route.abort());
    const page = await context.newPage();
    // The browser's clock, so the hour passes in a moment; the platform keeps real time.
    await page.clock.install();
    await page.goto(`${e2e.baseUrl}/`);
    const email = uniqueEmail('expiry-mid-run');
    await signInThroughLocalPage(page, email);
    const before = await usedCents(await tokenOf(page));

    await startRunFromPresets(page, 'Golden Retriever', 'Vampire');
    // The token is inside its last 30 s: the next check signs the user out.
    await page.clock.fastForward('59:40');
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();

    // The owner comes back later with the network well: the browser's time is real again.
    await page.clock.setSystemTime(Date.now());
    await context.unroute('**/v1/auth/refresh');
    await signInThroughLocalPage(page, email);
    // Nothing delivered before the page signed out: nothing charged, nothing kept; else in the
    // gallery, charged what it delivered.
    const { charged, token } = await runToldOnReturn(page, e2e.baseUrl, before);
    await page.waitForTimeout(1_000);
    expect((await usedCents(token)) - before).toBe(charged);
  });
});
