// Security of the preview bridge (issue 12, "Tokens never leak ... in forwarded console messages"):
// a user signed in inside the preview frame never has their token handed to the host, neither in
// what the bridge forwards (console.error, uncaught errors, rejections, capture answers) nor in the
// host page's console. (The app outside a frame: security.test.ts.)
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { uniqueEmail, useE2E } from './support/e2e';
import { clickOpeningWindow } from './support/windows';

const e2e = useE2E();
const HOST = '/preview/host.html';
/** Marks the messages this test makes the preview produce, so the guard knows them as expected. */
const PROBE = 'LEAKPROBE';

interface Watched {
  page: Page;
  /** Every console message of the host, the preview frame and any popup: text and source URL. */
  consoleLines: string[];
}

/**
 * A host page whose window records every message it receives (as JSON), before host.ts runs, and a
 * context whose console messages and page errors, in every frame and popup, are kept.
 */
async function watchedHost(context: BrowserContext): Promise<Watched> {
  const consoleLines: string[] = [];
  context.on('console', (message) =>
    consoleLines.push(`${message.text()} @ ${message.location().url}`),
  );
  context.on('weberror', (error) => consoleLines.push(String(error.error().stack)));
  await context.addInitScript(() => {
    if (window.top !== window || !window.location.pathname.endsWith('/preview/host.html')) return;
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    window.addEventListener('message', (event) => {
      try {
        heard.push(JSON.stringify(event.data));
      } catch {
        heard.push(String(event.data));
      }
    });
  });
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${HOST}`);
  return { page, consoleLines };
}

/** The preview document inside the host's iframe. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTitle('Pawloween preview').elementHandle();
  return (await element!.contentFrame())!;
}

/** The signed-in app has rendered its Create view inside the frame. */
async function waitForAppIn(frame: Frame): Promise<void> {
  await frame
    .getByRole('button', { name: /Generate Halloween Costume|Generating Magic/ })
    .waitFor({ state: 'visible', timeout: 20_000 });
}

const heardBy = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { heard: string[] }).heard]);

/** What the host shows of the forwarded messages, stacks and capture status included. */
const hostText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.sidebar')].map((node) => node.textContent ?? '').join('\n'),
  );

/** The host's own buttons make the preview fail on purpose; each failure is forwarded. */
async function pressHostButtons(page: Page): Promise<void> {
  for (const name of ['console.error', 'Throw error', 'Reject promise'])
    await page.getByRole('button', { name, exact: true }).click();
  await page.getByText('console.error: Test console.error from the host').waitFor();
  await page.getByText('Unhandled promise rejection: Test rejection from the host').waitFor();
}

async function captureFrame(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Capture' }).click();
  const status = page.locator(
    '#capture-status[data-state="done"], #capture-status[data-state="error"]',
  );
  await status.waitFor({ timeout: 30_000 });
}

/**
 * The preview itself logs, throws and rejects with messages that carry the token as an address
 * would (the pricing page's ?access_token=, a sign-in return's ?accessToken=) and as a bare JWT.
 */
async function failWithTheTokenInside(frame: Frame): Promise<void> {
  await frame.evaluate(
    ({ key, probe }) => {
      const token = localStorage.getItem(key)!;
      const pricing = `${location.origin}/subscribe?access_token=${token}&plan=pro`;
      console.error(`${probe} could not open`, pricing);
      console.error(
        new Error(`${probe} request to ${location.origin}/?accessToken=${token} failed`),
      );
      console.error(probe, { headers: { authorization: `Bearer ${token}` } });
      void Promise.reject(new Error(`${probe} loading ${pricing} failed`));
      void Promise.reject(`${probe} rejected with ${token}`);
      setTimeout(() => {
        throw new Error(`${probe} thrown with token ${token}`);
      }, 0);
    },
    { key: STORAGE_KEYS.accessToken, probe: PROBE },
  );
}

function expectNoToken(token: string, texts: readonly string[], where: string): void {
  const payload = token.split('.')[1]!;
  expect(payload.length).toBeGreaterThan(10);
  for (const text of texts) {
    expect(text, where).not.toContain(token);
    expect(text, where).not.toContain(payload);
  }
}

describe('the preview bridge never hands the host a token', () => {
  it('signed in through the sign-in popup: failing requests, a 401, thrown errors and captures', async () => {
    e2e.expectConsoleError(/status of (401|500|503)/);
    e2e.expectConsoleError(/Test (console\.error|error thrown|rejection) from the host/);
    e2e.expectConsoleError(new RegExp(PROBE));
    const context = await e2e.context('desktop');
    const { page, consoleLines } = await watchedHost(context);
    const frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });

    // Sign In inside a frame opens the platform's sign-in page in a popup, which hands the token back.
    const popup = await clickOpeningWindow(
      context,
      frame.getByRole('button', { name: 'Sign In', exact: true }).first(),
    );
    await popup.getByLabel('Email').fill(uniqueEmail('preview-leak'));
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForAppIn(frame);
    const token = await frame.evaluate(
      (key) => localStorage.getItem(key),
      STORAGE_KEYS.accessToken,
    );
    expect(token).toMatch(/^eyJ/);

    // Failing requests: usage answers 500, storage writes 503 while the profile is saved.
    await context.route('**/v1/subscriptions/usage*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'boom', code: 'INTERNAL' } }),
      }),
    );
    await context.route('**/v1/storage*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { message: 'Storage is down', code: 'UNAVAILABLE' } }),
          })
        : route.fallback(),
    );
    await frame.getByRole('button', { name: 'Account Settings' }).click();
    const settings = frame.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByLabel('Display Name').fill('Frame Ghost');
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await settings.waitFor({ state: 'detached' });
    await pressHostButtons(page);
    await captureFrame(page);

    // A 401 on the next load signs the user out silently.
    await context.unrouteAll({ behavior: 'wait' });
    await context.route('**/v1/storage*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { message: 'Token expired', code: 'AUTHENTICATION_FAILED' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Reload' }).click();
    await (
      await previewFrame(page)
    )
      .getByRole('button', { name: 'Sign In', exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await context.unrouteAll({ behavior: 'wait' });

    const heard = await heardBy(page);
    expect(heard.some((message) => message.includes('Test rejection from the host'))).toBe(true);
    expect(heard.some((message) => message.includes('captureResponse'))).toBe(true);
    expect(consoleLines.some((line) => line.includes('Test console.error from the host'))).toBe(
      true,
    );
    expectNoToken(token!, heard, 'a message the host received');
    expectNoToken(token!, consoleLines, 'a console message of host, frame or popup');
    expectNoToken(token!, [await hostText(page)], 'the host page');
  });

  it('signed in with popups blocked (the frame comes back with ?accessToken=): what the preview logs with the token is forwarded without it', async () => {
    e2e.expectConsoleError(new RegExp(PROBE));
    const context = await e2e.context('desktop');
    // Popups blocked: sign-in happens inside the frame itself and returns to it with ?accessToken=.
    await context.addInitScript(() => {
      if (window.top !== window) window.open = () => null;
    });
    const { page, consoleLines } = await watchedHost(context);
    const frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    await frame.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await frame.waitForURL((url) => url.pathname.startsWith('/auth'));
    await frame.getByLabel('Email').fill(uniqueEmail('preview-return'));
    const returned = frame.waitForURL((url) => url.searchParams.has('accessToken'));
    await frame.getByRole('button', { name: 'Sign in', exact: true }).click();
    await returned;
    await waitForAppIn(frame);
    expect(frame.url()).not.toContain('accessToken');
    const token = await frame.evaluate(
      (key) => localStorage.getItem(key),
      STORAGE_KEYS.accessToken,
    );
    expect(token).toMatch(/^eyJ/);
    const before = consoleLines.length;

    // The returned frame lost the host's ?origin: the bridge learns it from the host's first message.
    await captureFrame(page);
    await failWithTheTokenInside(frame);
    await expect
      .poll(async () => (await heardBy(page)).filter((message) => message.includes(PROBE)).length)
      .toBe(6);

    const heard = await heardBy(page);
    expectNoToken(token!, heard, 'a message the host received');
    expectNoToken(token!, [await hostText(page)], 'the host page');
    // The frame's own devtools show what it logged; nothing before that carried the token.
    expectNoToken(token!, consoleLines.slice(0, before), 'a console message before the probes');
    // What was forwarded still says what went wrong, with the token blanked out.
    const probes = heard.filter((message) => message.includes(PROBE)).join('\n');
    expect(probes).toContain('/subscribe?access_token=');
    expect(probes).toContain('&plan=pro');
    expect(probes).toContain('Bearer ');
  });
});
