import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  dropFile,
  dropZone,
  expectImageLoaded,
  expectVideoPlaying,
  generateButton,
  pressGenerate,
  waitForResults,
} from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { pngFile, textFile } from './support/images';

const e2e = useE2E();
const email = uniqueEmail('upload');

describe('create with uploaded photos', () => {
  it('takes a PNG through the file input and another by drag-and-drop, refuses a non-image, and generates', async () => {
    const page = await e2e.open('desktop', { signedInAs: email });
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await page.getByRole('heading', { name: 'Pet Photo', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Costume Character', exact: true }).waitFor();
    expect(await generateButton(page).isDisabled()).toBe(true);
    await expectAccessible(page, 'create view, upload mode');

    const petInput = page.getByLabel('Pet Photo', { exact: true });
    expect(await petInput.getAttribute('accept')).toBe('image/*');
    await petInput.setInputFiles(await pngFile('my-cat.png', '#d9822b'));
    await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
    expect(await generateButton(page).isDisabled()).toBe(true);

    // Drag-and-drop takes only files whose type starts with image/.
    const costumeZone = dropZone(page, 'Costume Character');
    await dropFile(costumeZone, textFile('notes.txt'));
    await page.getByRole('alert').filter({ hasText: 'notes.txt' }).waitFor();
    expect(await page.getByRole('img', { name: 'Your costume character' }).count()).toBe(0);
    expect(await generateButton(page).isDisabled()).toBe(true);
    await expectAccessible(page, 'upload mode with a refused file');

    await dropFile(costumeZone, await pngFile('witch.png', '#5b2a86'));
    await page.getByRole('img', { name: 'Your costume character' }).waitFor();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'notes.txt' }).count())
      .toBe(0);
    await expect.poll(() => generateButton(page).isEnabled()).toBe(true);

    // Removing one again disables Generate.
    await page.getByRole('button', { name: 'Remove pet photo' }).click();
    await expect.poll(() => generateButton(page).isDisabled()).toBe(true);
    await petInput.setInputFiles(await pngFile('my-cat.png', '#d9822b'));
    await page.getByRole('img', { name: 'Your pet photo' }).waitFor();

    await pressGenerate(page);
    await waitForResults(page);
    await expectImageLoaded(page.getByRole('img', { name: 'Your pet in its Halloween costume' }));
    await expectVideoPlaying(
      page.getByRole('article', { name: 'Generated Video' }).locator('video'),
    );

    await page.getByRole('button', { name: 'Create Another Costume' }).click();
    await generateButton(page).waitFor();
    expect(await page.getByRole('img', { name: 'Your pet photo' }).count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Your costume character' }).count()).toBe(0);
  });
});
