// Security in the browser (issue 12): the token never leaks through Referer headers, request URLs or
// console messages; the app ignores postMessage from a wrong origin; bad uploads and a full
// localStorage are answered clearly and lose nothing. (Address bar and history: sign-in.test.ts.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { LOCAL_STORAGE_FULL } from '../../domain/use-cases/storage-sync';
import { generateButton } from './support/create-flow';
import { uniqueEmail, useE2E } from './support/e2e';
import { onDisk, pngFile, textFile } from './support/images';
import { signInThroughLocalPage, waitForApp } from './support/sign-in';

const e2e = useE2E();

/** The other loopback name of the same server: a different origin that never leaves the machine. */
const foreignOrigin = () => e2e.baseUrl.replace('//localhost:', '//127.0.0.1:');

/** Writes one storage key to the signed-in user's account through the platform's storage API. */
async function saveToAccount(page: Page, token: string, key: string, value: unknown) {
  const headers = { 'x-sub-dev-access-token': token };
  const current = await page.request.get(`${e2e.baseUrl}/v1/storage`, { headers });
  expect(current.status()).toBe(200);
  const { sessionData } = (await current.json()) as { sessionData: Record<string, unknown> };
  const written = await page.request.put(`${e2e.baseUrl}/v1/storage`, {
    headers: { ...headers, 'if-match': current.headers().etag! },
    data: { sessionData: { ...sessionData, [key]: value } },
  });
  expect(written.status()).toBe(200);
}

async function openPricingOverlay(page: Page) {
  await page.getByRole('button', { name: /^(Upgrade|Manage)$/ }).click();
  const frame = page.frameLocator('iframe[title="Choose a plan"]');
  await frame.getByRole('heading', { name: 'Choose your plan' }).waitFor();
  return frame;
}

describe('the access token never leaks', () => {
  it('is in no Referer header, no request URL but the sign-in return and the pricing page, and no console message', async () => {
    const context = await e2e.context('desktop');
    const requests: { url: string; referer?: string }[] = [];
    const consoleLines: string[] = [];
    context.on('request', (request) =>
      requests.push({ url: request.url(), referer: request.headers().referer }),
    );
    const page = await context.newPage();
    page.on('console', (message) => consoleLines.push(message.text()));
    await page.goto(e2e.baseUrl);
    await signInThroughLocalPage(page, uniqueEmail('leak'));
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
    expect(token).toMatch(/^eyJ/);

    // More of the app: a reload, the gallery, and the pricing page that takes the token by design.
    await page.reload();
    await waitForApp(page);
    await page
      .getByRole('button', { name: /Gallery/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
    await openPricingOverlay(page);

    const secret = token!;
    const payload = secret.split('.')[1]!;
    expect(requests.length).toBeGreaterThan(5);
    for (const { url, referer } of requests) {
      expect(referer ?? '', url).not.toContain(payload);
      expect(referer ?? '', url).not.toContain('accessToken');
    }
    const carrying = requests
      .filter(({ url }) => url.includes(payload))
      .map(({ url }) => new URL(url).pathname);
    expect(new Set(carrying)).toEqual(new Set(['/', '/subscribe']));
    for (const line of consoleLines) expect(line).not.toContain(payload);
    expect(page.url()).not.toContain(payload);
  });
});

describe('postMessage from a wrong origin', () => {
  it('is ignored by the app and the checkout flow; the pricing page’s own message is heard', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('messages') });
    const pricing = await openPricingOverlay(page);
    const dialog = page.getByRole('dialog', { name: 'Plans and credits' });
    await dialog.waitFor();

    // A window of another origin that holds a reference to the app (it was opened by it).
    const foreign = `${foreignOrigin()}/foreign-sender`;
    await page
      .context()
      .route(foreign, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>foreign</title>' }),
      );
    await page.evaluate(() => {
      (window as unknown as { seen: string[] }).seen = [];
      window.addEventListener('message', (event) =>
        (window as unknown as { seen: string[] }).seen.push(event.origin),
      );
    });
    const [sender] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => void window.open(url, 'foreign', 'width=300,height=300'), foreign),
    ]);
    await sender.waitForLoadState();
    const pagesBefore = page.context().pages().length;
    await sender.evaluate((checkout) => {
      const app = window.opener as Window;
      app.postMessage({ type: 'checkout-redirect', url: checkout }, '*');
      app.postMessage({ type: 'purchase-success', amount: 99, currency: 'USD' }, '*');
      app.postMessage({ type: 'success' }, '*');
      app.postMessage({ type: 'auth-success', access_token: 'eyJforged.eyJforged.sig' }, '*');
    }, `${foreignOrigin()}/evil-checkout`);

    // The app's listener ran before ours for each of them: once ours saw all four, the app had its chance.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen.length))
      .toBe(4);
    expect(await dialog.isVisible()).toBe(true);
    expect(page.context().pages().length).toBe(pagesBefore);
    expect(
      await page.evaluate(() =>
        JSON.stringify((window as { dataLayer?: unknown }).dataLayer ?? []),
      ),
    ).not.toContain('99');
    await sender.close();

    // The same message from the pricing page itself (the expected origin) closes the overlay.
    await pricing.locator('body').evaluate((_body, origin) => {
      window.parent.postMessage({ type: 'success' }, origin);
    }, e2e.baseUrl);
    await dialog.waitFor({ state: 'detached' });
    await waitForApp(page);
  });
});

describe('bad input is answered clearly and loses nothing', () => {
  it('an oversized image and a non-image picked through the file input', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('uploads') });
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const costume = await pngFile('witch.png', '#5b2a86');
    await page.getByLabel('Costume Character', { exact: true }).setInputFiles(costume);
    await page.getByRole('img', { name: 'Your costume character' }).waitFor();

    // A real PNG padded past 25 MB, what a phone photo may weigh before the app downsizes it
    // (decoders ignore bytes after the end of the image).
    const small = await pngFile('huge-cat.png', '#d9822b');
    const huge = {
      ...small,
      buffer: Buffer.concat([small.buffer, Buffer.alloc(25 * 1024 * 1024)]),
    };
    const petInput = page.getByLabel('Pet Photo', { exact: true });
    // Chromium reads a chosen file when the app does: it stays on disk until the answer shows.
    await onDisk(huge, async (file) => {
      await petInput.setInputFiles(file);
      await page
        .getByRole('alert')
        .filter({ hasText: '"huge-cat.png" is larger than 25 MB. Please choose a smaller one.' })
        .waitFor();
    });
    expect(await page.getByRole('img', { name: 'Your pet photo' }).count()).toBe(0);

    await petInput.setInputFiles(textFile('notes.txt'));
    await page
      .getByRole('alert')
      .filter({
        hasText: '"notes.txt" is a text file, not a picture. Save it as JPEG or PNG and try again.',
      })
      .waitFor();
    expect(await page.getByRole('img', { name: 'Your pet photo' }).count()).toBe(0);

    // Nothing chosen before was lost, and a good file still works.
    expect(await page.getByRole('img', { name: 'Your costume character' }).count()).toBe(1);
    await petInput.setInputFiles(await pngFile('my-cat.png', '#d9822b'));
    await page.getByRole('img', { name: 'Your pet photo' }).waitFor();
    await expect.poll(() => generateButton(page).isEnabled()).toBe(true);
  });

  it('a full localStorage: the app keeps working and a saved change survives a reload', async () => {
    // The app warns in the console that the device's storage is full: this journey fills it.
    e2e.expectConsoleError(/QuotaExceededError/);
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('quota') });
    // A creation already saved to the account (as another device would have) before the storage filled up.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
    const saved = {
      id: '1700000000000',
      timestamp: 1_700_000_000_000,
      imageUrl: `${e2e.baseUrl}/presets/pets/cat1.png`,
      videoUrl: '',
      isFavorite: true,
    };
    await saveToAccount(page, token!, STORAGE_KEYS.gallery, [saved]);
    // From now on every write to localStorage fails as a full quota does.
    await page.context().addInitScript(() => {
      Storage.prototype.setItem = function setItem() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.reload();
    await waitForApp(page);

    await page.getByRole('button', { name: 'Account Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByLabel('Display Name').fill('Quota Ghost');
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await settings.waitFor({ state: 'detached' });
    await page.getByText('Quota Ghost', { exact: true }).first().waitFor();
    // The person is told, in words and announced, that this browser no longer keeps their changes.
    const told = page.getByRole('alert').filter({ hasText: LOCAL_STORAGE_FULL });
    await told.waitFor();
    expect(await told.innerText()).toBe(LOCAL_STORAGE_FULL);

    // The remote copy has it: nothing was lost although the local write failed.
    await page.reload();
    await waitForApp(page);
    await page.getByText('Quota Ghost', { exact: true }).first().waitFor();

    // The gallery's sync indicator says it too, and the creation saved before is still there.
    await page
      .getByRole('button', { name: /Gallery/ })
      .first()
      .click();
    const gallery = page.getByRole('region', { name: 'My Pet Gallery' });
    await gallery.getByRole('heading', { name: 'My Pet Gallery' }).waitFor();
    await gallery
      .locator('.pw-sync')
      .getByRole('alert')
      .filter({ hasText: LOCAL_STORAGE_FULL })
      .waitFor();
    await gallery.getByRole('button', { name: /^Open creation from / }).waitFor();
    expect(await gallery.getByRole('button', { name: /^Open creation from / }).count()).toBe(1);
  });
});

describe('the content security policy', () => {
  it('is never violated on the landing page or in the signed-in app (Lighthouse lists any violation)', async () => {
    const page = await e2e.open('mobile');
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await page.reload();
    await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
    expect(await violations()).toEqual([]);
    await signInThroughLocalPage(page, uniqueEmail('csp'));
    await generateButton(page).waitFor();
    expect(await violations()).toEqual([]);
  });
});
