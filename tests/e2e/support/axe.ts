import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { AXE_PATH } from './paths';

let source: string | undefined;

/**
 * The app's CSP is script-src 'self', so a <script> tag with axe's text (page.addScriptTag) would be
 * refused; evaluating the same file through the devtools protocol is not subject to the page's CSP,
 * and loosening the CSP for the test (bypassCSP) would hide real violations.
 */
async function injectAxe(page: Page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (present) return;
  source ??= readFileSync(AXE_PATH, 'utf8');
  await page.evaluate(source);
}

function describe(violation: Result): string {
  const targets = violation.nodes.slice(0, 5).map((node) => node.target.join(' '));
  return `${violation.impact} ${violation.id}: ${violation.help} -> ${targets.join(' | ')}`;
}

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  await injectAxe(page);
  const results = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResults> };
      }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (blocking.length > 0) {
    throw new Error(
      `Accessibility (axe-core) in ${view}: ${blocking.length} serious/critical violation(s)\n${blocking.map(describe).join('\n')}`,
    );
  }
}
