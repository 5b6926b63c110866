import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Debian's chromium: the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Screenshots of failed journeys; the global teardown prints this path so CI logs show it. */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'e2e');
export const AXE_PATH = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
