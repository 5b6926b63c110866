import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Debian's chromium: the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Screenshots of failed journeys; the global teardown prints this path so CI logs show it. */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'e2e');
/**
 * A folder under test-results for the screenshots a journey keeps to be looked at by eye (not among
 * the failure screenshots, which tell CI a journey failed), made if it is not there yet.
 */
export function keptShotsFolder(name: string): string {
  const folder = path.join(ROOT, 'test-results', name);
  mkdirSync(folder, { recursive: true });
  return folder;
}
export const AXE_PATH = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
