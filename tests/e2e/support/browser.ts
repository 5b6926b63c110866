import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';
import { CHROMIUM_PATH } from './paths';

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium with a fresh profile (playwright gives every launch its own temp user-data-dir). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}

export type Device = 'desktop' | 'mobile';

export const DEVICES: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  mobile: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  },
};

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export function newContext(
  browser: Browser,
  device: Device,
  storageState?: StorageState,
  overrides: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...DEVICES[device],
    ...overrides,
    storageState,
    locale: 'en-US',
    timezoneId: 'UTC',
    acceptDownloads: true,
  });
}
