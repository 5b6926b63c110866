import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * How long a journey waits for a window to open or to close. A click that opens one returns only
 * when chromium has started the window's renderer and Playwright has attached to it: beside
 * another journey file on a busy 2-core machine that once took longer than the 15 s an action is
 * given (the subscription journey's "Choose Plus" click, in a clean-clone CI run).
 */
export const WINDOW_TIMEOUT_MS = 60_000;

/** Clicks `target` and returns the window the click opened, loaded. */
export async function clickOpeningWindow(context: BrowserContext, target: Locator): Promise<Page> {
  const [opened] = await Promise.all([
    context.waitForEvent('page', { timeout: WINDOW_TIMEOUT_MS }),
    target.click({ timeout: WINDOW_TIMEOUT_MS }),
  ]);
  await opened.waitForLoadState('load', { timeout: WINDOW_TIMEOUT_MS });
  return opened;
}

/** Resolves when the window closes itself (a checkout or a sign-in page does when it is done). */
export async function windowClosed(window: Page): Promise<void> {
  await window.waitForEvent('close', { timeout: WINDOW_TIMEOUT_MS });
}
