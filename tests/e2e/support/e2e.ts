import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, type Device, type StorageState } from './browser';
import { clearFaults } from './faults';
import { Guard } from './guard';
import { SCREENSHOT_DIR } from './paths';
import { e2ePlatform } from './platform';
import { signInThroughLocalPage, waitForApp } from './sign-in';

export interface OpenOptions {
  /** Signed in as this e-mail (through the real sign-in page the first time, then from saved state). */
  signedInAs?: string;
  /** Path to open instead of the app root. */
  path?: string;
  /** devicePixelRatio instead of the device's own. */
  scale?: number;
}

interface Opened {
  device: Device;
  context: BrowserContext;
  guard: Guard;
}

function slug(text: string): string {
  return text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .toLowerCase();
}

/**
 * Registers one browser for this test file and hands out guarded contexts per test. After each
 * test: screenshots when it failed, then the test fails if a request left the machine or the page
 * logged an error.
 */
export function useE2E() {
  const { baseUrl, projectToken } = e2ePlatform();
  let browser: Browser | undefined;
  let opened: Opened[] = [];
  let expected: RegExp[] = [];
  const sessions = new Map<string, StorageState>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async ({ task }) => {
    const current = opened;
    opened = [];
    expected = [];
    await clearFaults();
    const problems = current.flatMap((entry) => entry.guard.report());
    if (task.result?.state === 'fail' || problems.length > 0) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const name = `${slug(path.basename(task.file.name, '.test.ts'))}--${slug(task.name)}`;
      for (const [index, entry] of current.entries()) {
        for (const [pageIndex, page] of entry.context.pages().entries()) {
          const file = path.join(
            SCREENSHOT_DIR,
            `${name}--${entry.device}-${index}-${pageIndex}.png`,
          );
          await page
            .screenshot({ path: file, fullPage: false, timeout: 5_000 })
            .catch(() => undefined);
        }
      }
    }
    await Promise.all(current.map((entry) => entry.context.close().catch(() => undefined)));
    if (problems.length > 0) throw new Error(`The page misbehaved:\n${problems.join('\n')}`);
  });

  async function context(
    device: Device,
    state?: StorageState,
    scale?: number,
  ): Promise<BrowserContext> {
    if (!browser)
      throw new Error('useE2E(): the browser is not launched yet (call open() inside a test)');
    const created = await newContext(
      browser,
      device,
      state,
      scale ? { deviceScaleFactor: scale } : {},
    );
    created.setDefaultTimeout(15_000);
    const guard = await Guard.watch(created);
    for (const pattern of expected) guard.expectConsoleError(pattern);
    opened.push({ device, context: created, guard });
    return created;
  }

  /** A fresh page on `device`, optionally signed in, at the app (or `options.path`). */
  async function open(device: Device, options: OpenOptions = {}): Promise<Page> {
    const email = options.signedInAs;
    const saved = email ? sessions.get(email) : undefined;
    const page = await (await context(device, saved, options.scale)).newPage();
    await page.goto(`${baseUrl}${options.path ?? '/'}`);
    // The prerendered landing page is inert until the app replaces it, which boot.js starts once the
    // hero portrait is on screen: possibly after the load event.
    await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
    if (email && !saved) {
      await signInThroughLocalPage(page, email);
      sessions.set(email, await page.context().storageState());
    } else if (email) {
      await waitForApp(page);
    }
    return page;
  }

  /** Console errors matching `pattern` are part of the current test (e.g. chromium logging a 402 answer). */
  function expectConsoleError(pattern: RegExp) {
    expected.push(pattern);
    for (const entry of opened) entry.guard.expectConsoleError(pattern);
  }

  return { baseUrl, projectToken, open, context, expectConsoleError };
}

/** A unique address per test file run, so each journey starts with its own account and gallery. */
/**
 * Gallery and profile (and two tabs) write the user's storage at once on a first sign-in: the
 * platform answers the stale write 412 and the client merges and retries (DESIGN.md); chromium logs it.
 */
export const STORAGE_MERGE_412 = /412 \(Precondition Failed\) \(.*\/v1\/storage\)/;

export function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
