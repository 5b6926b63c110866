import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useE2E } from './support/e2e';

const e2e = useE2E();
const HOST = '/preview/host.html';

/** The preview document inside the host's iframe, once it has rendered the landing page. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTitle('Pawloween preview').elementHandle();
  const frame = await element!.contentFrame();
  await frame!.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
  return frame!;
}

describe('preview host page', () => {
  it('frames the preview with its data.json and a cache-busting t on every load', async () => {
    const page = await e2e.open('desktop', { path: HOST });
    // The first load is done before Reload, so the frame read afterwards is the reloaded one
    // (checked by its t) and every request of the reload is seen.
    const before = new URL((await previewFrame(page)).url()).searchParams.get('t');
    const loads: string[] = [];
    page.on('request', (request) => {
      if (/\/preview\/(data\.json|assets\/manifest\.json)/.test(request.url()))
        loads.push(request.url());
    });
    await page.getByRole('button', { name: 'Reload' }).click();
    const tOf = async () => new URL((await previewFrame(page)).url()).searchParams.get('t');
    await expect.poll(tOf, { timeout: 20_000 }).not.toBe(before);
    const frame = await previewFrame(page);
    const t = new URL(frame.url()).searchParams.get('t');
    expect(t).toMatch(/^\d+$/);
    const withT = (file: string) =>
      loads.filter((url) => url.includes(file) && new URL(url).searchParams.get('t') === t);
    await expect.poll(() => withT('/preview/data.json').length).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => withT('/preview/assets/manifest.json').length)
      .toBeGreaterThanOrEqual(1);
    // data.json's CONSTANTS are deep-merged into the app's texts.
    expect(await frame.locator('body').innerText()).toContain('(Preview data from data.json)');
    await expectAccessible(page, 'preview host page');
  });

  it('forwards a console.error and an uncaught error from the preview to the host console', async () => {
    e2e.expectConsoleError(/Test console\.error from the host|Test error thrown from the host/);
    const page = await e2e.open('desktop', { path: HOST });
    await previewFrame(page);
    const consoleList = page
      .getByRole('list')
      .filter({ has: page.locator('li') })
      .last();

    await page.getByRole('button', { name: 'console.error', exact: true }).click();
    await page.getByText('console.error: Test console.error from the host').waitFor();
    await page.getByRole('button', { name: 'Throw error' }).click();
    await page
      .getByText(/Test error thrown from the host/)
      .first()
      .waitFor();
    expect(await page.locator('#error-count').innerText()).toBe('2');
    expect(await consoleList.locator('li').count()).toBe(2);
  });

  it('captures the frame as a PNG of frame size × devicePixelRatio', async () => {
    const page = await e2e.open('desktop', { path: HOST, scale: 2 });
    await page.getByLabel('Frame').selectOption('390x844');
    await previewFrame(page);
    await page.getByRole('button', { name: 'Capture' }).click();
    const status = page.locator(
      '#capture-status[data-state="done"], #capture-status[data-state="error"]',
    );
    await status.waitFor({ timeout: 30_000 });
    expect(await status.getAttribute('data-state')).toBe('done');

    const image = page.getByRole('img', { name: 'Last capture of the preview' });
    const captured = await image.evaluate((element: HTMLImageElement) => ({
      src: element.src.slice(0, 22),
      width: element.naturalWidth,
      height: element.naturalHeight,
    }));
    const frameSize = await page
      .getByTitle('Pawloween preview')
      .evaluate((element: HTMLIFrameElement) => ({
        width: element.clientWidth,
        height: element.clientHeight,
      }));
    expect(frameSize).toEqual({ width: 390, height: 844 });
    expect(captured).toEqual({ src: 'data:image/png;base64,', width: 390 * 2, height: 844 * 2 });
  });

  it('ignores a message from an origin other than the parent it expects', async () => {
    e2e.expectConsoleError(/accepted from the parent/);
    const page = await e2e.open('desktop', { path: HOST });
    const frame = await previewFrame(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const post = (message: string) =>
      page.evaluate((text) => {
        const target = document.querySelector('iframe')!.contentWindow!;
        target.postMessage({ type: 'debugConsoleError', message: text }, '*');
      }, message);

    // From the expected parent, the message is acted upon.
    await post('accepted from the parent');
    await expect.poll(() => logged).toContain('accepted from the parent');

    // The same preview told to expect its parent at 127.0.0.1: the host at localhost is now another origin.
    const other = new URL(e2e.baseUrl);
    other.hostname = '127.0.0.1';
    const src = new URL(frame.url());
    src.searchParams.set('origin', other.origin);
    src.searchParams.set('t', String(Date.now()));
    await page.getByTitle('Pawloween preview').evaluate((element: HTMLIFrameElement, url) => {
      element.src = url;
    }, src.href);
    await frame.waitForURL(src.href);
    await frame.getByRole('heading', { level: 1 }).waitFor();

    await post('should be ignored');
    await page.waitForTimeout(1_000);
    expect(logged).not.toContain('should be ignored');
  });

  it('falls back to default assets with the exact console message when the manifest is missing', async () => {
    e2e.expectConsoleError(/status of 404.*assets\/manifest\.json/);
    const context = await e2e.context('desktop');
    await context.route('**/preview/assets/manifest.json*', (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }),
    );
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`${e2e.baseUrl}${HOST}`);
    const frame = await previewFrame(page);

    await expect
      .poll(() => logged)
      .toContain('No assets/manifest.json found or invalid JSON, using default assets');
    // The default assets are our own files.
    const hero = frame.getByRole('img', { name: 'A pet before its costume' });
    expect(await hero.getAttribute('src')).toMatch(/^\/media\/landing\//);
  });
});
