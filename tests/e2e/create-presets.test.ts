import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  expectImageLoaded,
  expectVideoPlaying,
  generateButton,
  selectPreset,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';

const e2e = useE2E();
const email = uniqueEmail('presets');

describe('create with presets', () => {
  it('selects presets (arrows move 3, selecting again deselects) and keeps Generate disabled until both are chosen', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await page.getByRole('button', { name: 'Use Presets' }).click();
    const pets = page.getByRole('region', { name: 'Choose Your Pet' });
    const costumes = page.getByRole('region', { name: 'Choose Costume' });
    await pets.getByRole('img', { name: 'Golden Retriever' }).waitFor();
    expect(await generateButton(page).isDisabled()).toBe(true);
    await expectAccessible(page, 'create view, presets mode');

    // One arrow click moves the window by three presets.
    const firstShown = () =>
      pets
        .getByRole('button', { name: /^(Select This|Selected): / })
        .first()
        .getAttribute('aria-label');
    expect(await firstShown()).toBe('Select This: Golden Retriever');
    await pets.getByRole('button', { name: /^Next / }).click();
    await expect.poll(firstShown).toBe('Select This: Husky');
    await pets.getByRole('button', { name: /^Previous / }).click();
    await expect.poll(firstShown).toBe('Select This: Golden Retriever');

    await selectPreset(page, 'Choose Your Pet', 'Tabby Cat');
    expect(await generateButton(page).isDisabled()).toBe(true);
    // Selecting the selected preset deselects it.
    await pets.getByRole('button', { name: 'Selected: Tabby Cat' }).click();
    await pets.getByRole('button', { name: 'Select This: Tabby Cat' }).waitFor();
    expect(await pets.getByRole('button', { name: /^Selected: / }).count()).toBe(0);

    await selectPreset(page, 'Choose Your Pet', 'Tabby Cat');
    await selectPreset(page, 'Choose Costume', 'Witch');
    expect(await costumes.getByRole('button', { name: /^Selected: / }).count()).toBe(1);
    expect(await generateButton(page).isEnabled()).toBe(true);
  });

  it('paging forward through each carousel shows every preset, at phone, tablet and desktop widths', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await page.getByRole('button', { name: 'Use Presets' }).click();
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const title of ['Choose Your Pet', 'Choose Costume']) {
        const region = page.getByRole('region', { name: title });
        const previous = region.getByRole('button', { name: /^Previous / });
        while (await previous.isEnabled()) await previous.click();
        const all = await region
          .locator('li.pw-preset')
          .evaluateAll((items) => items.map((item) => item.querySelector('img')?.alt));
        const shown = () =>
          region
            .locator('li.pw-preset:not([aria-hidden])')
            .evaluateAll((items) => items.map((item) => item.querySelector('img')?.alt));
        const seen = new Set(await shown());
        const next = region.getByRole('button', { name: /^Next / });
        while (await next.isEnabled()) {
          const before = await shown();
          await next.click();
          await expect.poll(shown).not.toEqual(before);
          for (const name of await shown()) seen.add(name);
        }
        expect([...seen].sort(), `${title} at ${width} px`).toEqual([...all].sort());
        expect(all).toHaveLength(18);
      }
    }
  });

  it('generates: progress overlay locks scrolling, then the image and a playing video; Create Another starts over', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await page.getByRole('button', { name: 'Use Presets' }).click();
    await selectPreset(page, 'Choose Your Pet', 'Golden Retriever');
    await selectPreset(page, 'Choose Costume', 'Vampire');
    // A laptop screen: Generate is below the fold, so the page is scrolled down to it.
    await page.setViewportSize({ width: 1280, height: 640 });
    await generateButton(page).scrollIntoViewIfNeeded();
    await generateButton(page).click();

    const overlay = page.getByRole('dialog', { name: 'Generating Magic...' });
    await overlay.waitFor();
    expect(
      await overlay.getByRole('progressbar', { name: 'Generation progress' }).isVisible(),
    ).toBe(true);
    expect(await overlay.getByRole('status').innerText()).not.toBe('');
    // Read together: on an idle machine the image can arrive, closing the overlay, at any moment.
    const locked = await page.evaluate(() => ({
      open: [...document.querySelectorAll('[role="dialog"]')].some((dialog) =>
        dialog.textContent?.includes('Generating Magic'),
      ),
      overflow: getComputedStyle(document.body).overflow,
    }));
    if (locked.open) expect(locked.overflow).toBe('hidden');
    await expectAccessible(page, 'progress overlay');

    await waitForResults(page);
    // The results' heading is in view, below the sticky header, not hidden under it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.getElementById('pw-results-title')!.getBoundingClientRect();
          const header = document.querySelector('.pw-header')!.getBoundingClientRect();
          return heading.top >= header.bottom && heading.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    const imageCard = page.getByRole('article', { name: 'Generated Image' });
    const videoCard = page.getByRole('article', { name: 'Generated Video' });
    await expectImageLoaded(
      imageCard.getByRole('img', { name: 'Your pet in its Halloween costume' }),
    );
    await expectVideoPlaying(videoCard.locator('video'));
    expect(await imageCard.getByRole('img', { name: 'Ready' }).isVisible()).toBe(true);
    expect(await videoCard.getByRole('img', { name: 'Ready' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    await expectAccessible(page, 'result view');

    await page.getByRole('button', { name: 'Create Another Costume' }).click();
    await generateButton(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Your Halloween Costume' }).count()).toBe(0);
    expect(await generateButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Selected: / }).count()).toBe(0);
    // The price the platform charged for that costume is named before the next Generate.
    await page
      .getByText('A costume uses $0.50 of your credits ($0.20 if you get only its picture).')
      .waitFor();
  });
});
