// Keyboard focus never falls to the page's body: it moves to the progress overlay when it opens,
// to the results' heading when they appear, to the new view's heading when the view changes, and
// back where it was when an overlay closes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateButton, selectPreset, waitForResults } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();

/** What has focus: its role-ish description, e.g. 'H2 Your Halloween Costume'. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const label = active.getAttribute('aria-label') ?? active.textContent ?? '';
    return `${active.tagName} ${label.trim().replace(/\s+/g, ' ').slice(0, 60)}`;
  });

describe('keyboard focus', () => {
  it('follows the progress overlay, the results and the views, and never falls to the body', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('focus') });
    await page.getByRole('button', { name: 'Use Presets' }).click();
    await selectPreset(page, 'Choose Your Pet', 'Bulldog');
    await selectPreset(page, 'Choose Costume', 'Pirate');
    await generateButton(page).focus();
    await page.keyboard.press('Enter');

    // Opening, the overlay has focus (inside its dialog), not the body.
    const overlay = page.getByRole('dialog', { name: 'Generating Magic...' });
    await overlay.waitFor();
    const inOverlay = await page.evaluate(() => {
      const dialog = [...document.querySelectorAll('[role="dialog"]')].find((node) =>
        node.textContent?.includes('Generating Magic'),
      );
      // The image may already have arrived on an idle machine: then the overlay is gone.
      return dialog ? dialog.contains(document.activeElement) : undefined;
    });
    if (inOverlay !== undefined) expect(inOverlay).toBe(true);

    // The results appear: their heading has focus.
    await waitForResults(page);
    await expect.poll(() => focused(page)).toBe('H2 Your Halloween Costume');

    // My Gallery from the results: the gallery's heading.
    await page.getByRole('button', { name: 'Open My Gallery' }).click();
    await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
    await expect.poll(() => focused(page)).toBe('H1 My Pet Gallery');

    // The viewer opened from a card by keyboard, closed with Escape: focus is back on the card.
    const open = page.getByRole('button', { name: /^Open creation from/ }).first();
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Creation from/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: /^Creation from/ }).waitFor({ state: 'detached' });
    expect(await open.evaluate((node) => node === document.activeElement)).toBe(true);

    // Back to Create with the header's tab: the Create view's heading (its results' here).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Create', exact: true })
      .click();
    await expect.poll(() => focused(page)).toBe('H2 Your Halloween Costume');

    // Create Another brings back the form: its heading has focus.
    await page.getByRole('button', { name: 'Create Another Costume' }).click();
    await expect.poll(() => focused(page)).toBe('H1 Create a Costume');
  });
});
