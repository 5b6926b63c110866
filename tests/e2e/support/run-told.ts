// A run still being made when its owner was signed out, as the owner finds it on signing in again:
// the app tells what became of it, and the money and the gallery agree with what it tells.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { RUN_TIMEOUT_MS } from './create-flow';
import { openGallery } from './gallery';
import { tokenOf, usedCentsOf } from './usage';

export interface RunTold {
  /** What the app said. */
  readonly told: string;
  /** Cents charged for the run. */
  readonly charged: number;
  /** The owner's access token, to read the charge again. */
  readonly token: string;
}

/**
 * Waits for the notice on the owner's return and checks one of the two fair outcomes: nothing was
 * delivered before the sign-out (not charged, nothing kept), or the creation is in the gallery
 * with its picture served and the picture (20 cents) or the whole costume (50) charged. Leaves the
 * gallery open.
 */
export async function runToldOnReturn(
  page: Page,
  baseUrl: string,
  usedBefore: number,
): Promise<RunTold> {
  const notice = page.getByText(/Your costume was still being made when you signed out/);
  await notice.waitFor({ timeout: RUN_TIMEOUT_MS });
  const told = (await notice.textContent()) ?? '';
  const token = await tokenOf(page);
  const charged = (await usedCentsOf(baseUrl, token)) - usedBefore;
  await openGallery(page);
  if (told.includes('it was not charged')) {
    expect(charged).toBe(0);
    await page.getByText('No creations yet').waitFor();
  } else {
    expect([50, 20]).toContain(charged);
    await expect.poll(() => page.getByText('All (1)').count(), { timeout: 20_000 }).toBe(1);
    const image = await page
      .getByRole('button', { name: /^Open creation from/ })
      .first()
      .locator('img')
      .getAttribute('src');
    expect((await fetch(image!)).status).toBe(200);
  }
  return { told, charged, token };
}
