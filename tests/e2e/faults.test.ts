import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_HEADERS } from '../../adapters/platform/src/api/auth';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { expectAccessible } from './support/axe';
import {
  expectImageLoaded,
  expectVideoPlaying,
  generateFromPresets,
  RUN_TIMEOUT_MS,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { armFault, clearFaults } from './support/faults';

const e2e = useE2E();
const email = uniqueEmail('faults');

/** The signed-in user's gallery as the platform stores it. */
function storedGallery(page: Page): Promise<unknown[]> {
  return page.evaluate(
    async ({ header, tokenKey, key }) => {
      const answer = await fetch('/v1/storage', {
        headers: { [header]: localStorage.getItem(tokenKey) ?? '' },
      });
      const { sessionData } = (await answer.json()) as { sessionData: Record<string, unknown> };
      return (sessionData[key] as unknown[] | undefined) ?? [];
    },
    {
      header: AUTH_HEADERS.accessToken,
      tokenKey: STORAGE_KEYS.accessToken,
      key: STORAGE_KEYS.gallery,
    },
  );
}

function errorCard(page: Page, subject: 'Image' | 'Video') {
  return page.getByRole('group', { name: new RegExp(`^${subject} generation failed`) });
}

describe('generation failures (fault injection on the local platform)', () => {
  it('video fails: the image shows, the video card offers Retry Video, and retrying brings the video', async () => {
    await armFault('video-fail');
    const page = await e2e.open('desktop', { signedInAs: email });
    await generateFromPresets(page, 'Husky', 'Ghost');
    await waitForResults(page);

    await expectImageLoaded(page.getByRole('img', { name: 'Your pet in its Halloween costume' }));
    const card = errorCard(page, 'Video');
    // The image shows first; the video fails only once its frames are made.
    await card.waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await errorCard(page, 'Image').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry Both Image & Video' }).count()).toBe(0);
    expect(await card.innerText()).toMatch(/try/i);
    await card.getByRole('button', { name: 'Show Details' }).click();
    expect(await card.getByText('Code').isVisible()).toBe(true);
    await expectAccessible(page, 'result view with a video error card');

    await card.getByRole('button', { name: 'Retry Video' }).click();
    await expectVideoPlaying(
      page.getByRole('article', { name: 'Generated Video' }).locator('video'),
    );
    expect(await errorCard(page, 'Video').count()).toBe(0);
  });

  it('the whole run fails: both error cards and a dialog; Retry Both recovers', async () => {
    // The run is taken, then crashes before its image (as a real crash does): nothing is charged,
    // and the client does not send again a run the platform has named, so one fault fails it.
    await armFault('run-fail', { count: 1 });
    e2e.expectConsoleError(/Failed to load resource: the server responded with a status of 5\d\d/);
    const page = await e2e.open('desktop', { signedInAs: email });
    await generateFromPresets(page, 'Parrot', 'Pirate');

    const dialog = page.getByRole('alertdialog', { name: 'Generation Failed' });
    await dialog.waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await dialog.innerText()).toContain(
      'Workflow execution failed. Please try again or contact support.',
    );
    await expectAccessible(page, 'Generation Failed dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await errorCard(page, 'Image').waitFor();
    await errorCard(page, 'Video').waitFor();
    await expectAccessible(page, 'result view with both error cards');
    await page.getByRole('button', { name: 'Retry Both Image & Video' }).click();
    await waitForResults(page);
    await expectImageLoaded(page.getByRole('img', { name: 'Your pet in its Halloween costume' }));
    await expectVideoPlaying(
      page.getByRole('article', { name: 'Generated Video' }).locator('video'),
    );
    expect(await errorCard(page, 'Image').count()).toBe(0);
  });

  it('402: the Insufficient Credits dialog says what the user has and needs, with Add Credits', async () => {
    await armFault('402');
    e2e.expectConsoleError(/Failed to load resource: the server responded with a status of 402/);
    const page = await e2e.open('desktop', { signedInAs: email });
    await generateFromPresets(page, 'Bulldog', 'Zombie');

    const dialog = page.getByRole('alertdialog', { name: 'Insufficient Credits' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toMatch(
      /You have \$\d+\.\d\d in credits but need \$\d+\.\d\d/,
    );
    expect(await dialog.getByRole('button', { name: 'Add Credits' }).isVisible()).toBe(true);
    await expectAccessible(page, 'Insufficient Credits dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('503: the Workflow Temporarily Unavailable dialog offers Try Again Later', async () => {
    await armFault('503');
    e2e.expectConsoleError(/Failed to load resource: the server responded with a status of 503/);
    const page = await e2e.open('desktop', { signedInAs: email });
    await generateFromPresets(page, 'Goldfish', 'Robot');

    const dialog = page.getByRole('alertdialog', { name: 'Workflow Temporarily Unavailable' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toMatch(/project owner needs to add credits/);
    expect(await dialog.getByRole('button', { name: 'Try Again Later' }).isVisible()).toBe(true);
    await expectAccessible(page, 'Workflow Temporarily Unavailable dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await errorCard(page, 'Image').waitFor();
  });

  // Issue 42: with the platform refusing every gallery write (a full storage quota), the result
  // said "Saved to My Gallery" and the creation lived only in that browser.
  it('a gallery write the platform refuses is not called saved: the owner is told, and it is sent again until it lands', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    const before = (await storedGallery(page)).length;
    await armFault('503', { count: 1000, path: '/v1/storage' });
    e2e.expectConsoleError(/Failed to load resource: the server responded with a status of 503/);
    await generateFromPresets(page, 'African Hedgehog', 'Witch');
    await waitForResults(page);

    const unsaved = page.getByRole('alert').filter({ hasText: 'Not saved to your account yet' });
    // The creation is stored once its video is made.
    await unsaved.waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await unsaved.innerText()).toMatch(/sent again until it is saved/);
    expect(await page.getByText('Saved to My Gallery').count()).toBe(0);

    // Once the platform takes writes again, the creation reaches it with no action from the owner
    // (the next try comes at most 30 s later).
    await clearFaults();
    await page.getByText('Saved to My Gallery').waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(await storedGallery(page)).toHaveLength(before + 1);
  });
});
