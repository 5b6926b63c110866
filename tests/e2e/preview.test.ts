import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/e2e';
import { ROOT } from './support/paths';

// The bridge and capture cases tests/e2e/preview-host.test.ts leaves out: a message from a window
// other than the parent (right origin, wrong source), a rejected promise, pointer lock, and a capture of videos that never load.
const e2e = useE2E();
const HOST = '/preview/host.html';
const SHOTS = path.join(ROOT, 'test-results', 'preview-shots');

async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTitle('Pawloween preview').elementHandle();
  const frame = await element!.contentFrame();
  await frame!.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
  return frame!;
}

async function captureNow(page: Page): Promise<{ state: string; text: string; png?: Buffer }> {
  await page.getByRole('button', { name: 'Capture' }).click();
  const status = page.locator(
    '#capture-status[data-state="done"], #capture-status[data-state="error"]',
  );
  // Generous on a busy machine: it only fails a capture that never answers (the preview gives up
  // on videos that do not load by itself and draws their posters).
  await status.waitFor({ timeout: 60_000 });
  const state = (await status.getAttribute('data-state')) ?? '';
  const text = await status.innerText();
  if (state !== 'done') return { state, text };
  const src = await page
    .getByRole('img', { name: 'Last capture of the preview' })
    .getAttribute('src');
  return { state, text, png: Buffer.from(src!.split(',')[1]!, 'base64') };
}

describe('preview bridge and capture in chromium', () => {
  it('ignores a capture request and a debug message from a window other than its parent', async () => {
    const page = await e2e.open('desktop', { path: HOST });
    await previewFrame(page);
    // Same origin as the host, so only the source check can turn it away (the host's CSP frames nothing else).
    await page.evaluate(() => {
      const sibling = document.createElement('iframe');
      sibling.title = 'sibling';
      sibling.src = '/preview/data.json';
      document.body.append(sibling);
      return new Promise((resolve) => (sibling.onload = resolve));
    });
    const sibling = page.frames().find((frame) => frame.url().includes('/preview/data.json'))!;
    await sibling.evaluate(() => {
      const preview = window.parent.frames[0]!;
      preview.postMessage({ type: 'debugThrow', message: 'from a sibling' }, '*');
      preview.postMessage({ type: 'captureRequest' }, '*');
    });
    await page.waitForTimeout(1_500);
    expect(await page.locator('#error-count').innerText()).toBe('0');
    expect(await page.locator('#capture-status').getAttribute('data-state')).toBeNull();
  });

  it('forwards an unhandled rejection with where it came from', async () => {
    e2e.expectConsoleError(/Test rejection from the host/);
    const page = await e2e.open('desktop', { path: HOST });
    await previewFrame(page);
    await page.getByRole('button', { name: 'Reject promise' }).click();
    const row = page.locator('#console li').filter({ hasText: 'Unhandled promise rejection' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Test rejection from the host');
    expect(await row.locator('.row-source').innerText()).toMatch(/\/assets\/.+\.js:\d+:\d+$/);
  });

  it('reports pointer-lock changes to the host', async () => {
    const page = await e2e.open('desktop', { path: HOST });
    const frame = await previewFrame(page);
    const pill = page.locator('#pointer-lock');
    expect(await pill.innerText()).toBe('Pointer free');
    // With ?debug the preview asks for pointer lock on a double click (a gesture inside the frame).
    const box = (await page.getByTitle('Pawloween preview').boundingBox())!;
    await page.mouse.dblclick(box.x + box.width / 2, box.y + 40);
    await expect.poll(() => pill.innerText()).toBe('Pointer locked');
    await frame.evaluate(() => document.exitPointerLock());
    await expect.poll(() => pill.innerText()).toBe('Pointer free');
  });

  it.each(['1280x800', '390x844'])(
    "draws the landing hero's bats (inline SVGs placed with position: absolute) in a %s frame",
    async (size) => {
      const page = await e2e.open('desktop', { path: HOST });
      await page.getByLabel('Frame').selectOption(size);
      const frame = await previewFrame(page);
      const bats = frame.locator('.pw-hero__bats svg');
      await bats.first().waitFor();
      // Held still (they flutter), so the boxes measured here are where the captures draw them.
      await frame.evaluate(() =>
        document.getAnimations().forEach((animation) => {
          animation.currentTime = 0;
          animation.pause();
        }),
      );
      const boxes = await bats.evaluateAll((elements) =>
        elements.map((element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
        }),
      );
      expect(boxes).toHaveLength(3);

      // The same view captured without the bats, then with them: where each bat is, they must differ.
      const setBats = (visibility: string) =>
        frame.evaluate((value) => {
          document.querySelector<HTMLElement>('.pw-hero__bats')!.style.visibility = value;
        }, visibility);
      await setBats('hidden');
      const without = await captureNow(page);
      expect(without.state, without.text).toBe('done');
      await setBats('');
      const withBats = await captureNow(page);
      expect(withBats.state, withBats.text).toBe('done');
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(path.join(SHOTS, `landing-capture-${size}.png`), withBats.png!);
      await page
        .getByTitle('Pawloween preview')
        .screenshot({ path: path.join(SHOTS, `landing-as-shown-${size}.png`) });

      const decode = (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });
      const [plain, drawn] = await Promise.all([decode(without.png!), decode(withBats.png!)]);
      const { width, height, channels } = drawn.info;
      const scale = width / (await frame.evaluate(() => innerWidth));
      let checked = 0;
      for (const [index, box] of boxes.entries()) {
        const left = Math.max(0, Math.floor(box.left * scale));
        const top = Math.max(0, Math.floor(box.top * scale));
        const right = Math.min(width, Math.ceil((box.left + box.width) * scale));
        const bottom = Math.min(height, Math.ceil((box.top + box.height) * scale));
        if (right <= left || bottom <= top) continue; // below the fold at this size
        checked += 1;
        let changed = 0;
        for (let y = top; y < bottom; y += 1) {
          for (let x = left; x < right; x += 1) {
            const offset = (y * width + x) * channels;
            const distance = Math.max(
              ...[0, 1, 2].map((channel) =>
                Math.abs(drawn.data[offset + channel]! - plain.data[offset + channel]!),
              ),
            );
            if (distance > 24) changed += 1;
          }
        }
        const share = changed / ((right - left) * (bottom - top));
        expect(share, `bat ${index + 1} at ${JSON.stringify(box)}`).toBeGreaterThan(0.05);
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    },
  );

  it('captures landing videos that never load as their posters', async () => {
    const context = await e2e.context('desktop');
    // The looping videos never arrive: html2canvas alone would draw empty boxes.
    await context.route('**/media/landing/loop-*.mp4*', () => undefined);
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}${HOST}`);
    const frame = await previewFrame(page);
    const video = frame.locator('video').first();
    await video.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await video.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
    });

    // A capture that waited for the videos forever would not answer: captureNow's bound fails it.
    const result = await captureNow(page);
    expect(result.state, result.text).toBe('done');

    // The poster is a picture, not a flat box: its pixels vary.
    const region = await sharp(result.png!)
      .extract({
        left: Math.round(box.left + box.width * 0.2),
        top: Math.round(box.top + box.height * 0.2),
        width: Math.round(box.width * 0.6),
        height: Math.round(box.height * 0.6),
      })
      .stats();
    const spread = Math.max(...region.channels.slice(0, 3).map((channel) => channel.stdev));
    expect(spread).toBeGreaterThan(10);
  });
});
