// What the platform charged a user, read on its usage API the way a test checks money: with the
// token the app holds, every 2 s at most, since these reads count against the user's 60 requests
// a minute as the app's own do (a read every 50 ms, vitest's default poll, had the app's own reads
// rate-limited mid-journey).
import type { Page } from 'playwright-core';
import { AUTH_HEADERS } from '../../../adapters/platform/src/api/auth';
import { STORAGE_KEYS } from '../../../domain/model/constants';

/** expect.poll's options for a wait on the user's charge. */
export const CHARGE_POLL = { interval: 2_000, timeout: 60_000 } as const;

/** The access token the app in this page holds. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
  if (!token) throw new Error('The page holds no access token: nobody is signed in there.');
  return token;
}

/** Cents charged so far to the user with this token; a refused read says why, never a NaN. */
export async function usedCentsOf(baseUrl: string, token: string): Promise<number> {
  const reply = await fetch(`${baseUrl}/v1/subscriptions/usage`, {
    headers: { [AUTH_HEADERS.accessToken]: token },
  });
  if (!reply.ok)
    throw new Error(`The usage read was refused (HTTP ${reply.status}): ${await reply.text()}`);
  const body = (await reply.json()) as { credits: { userBalance: { usedCredits: number } } };
  return Math.round(body.credits.userBalance.usedCredits * 100);
}
