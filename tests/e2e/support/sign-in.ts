import type { Page } from 'playwright-core';

/**
 * Signs in the way a person does: Sign In on the landing page, the local platform's /auth page
 * (the input labelled Email, then Sign in), and back to the app with ?accessToken= in the address.
 */
export async function signInThroughLocalPage(page: Page, email: string): Promise<void> {
  // The prerendered landing page answers nothing until the app has replaced it.
  await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/auth'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await waitForApp(page);
}

/** The signed-in app has rendered its Create view. */
export async function waitForApp(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /Generate Halloween Costume|Generating Magic/ })
    .waitFor({ state: 'visible', timeout: 20_000 });
}
