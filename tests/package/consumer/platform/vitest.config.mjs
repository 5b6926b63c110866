// Another project's vitest config: the platform starts once for the whole run. Its Playwright
// journeys (e2e/, `npx playwright test`) are Playwright's, not vitest's.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.mjs'],
    globalSetup: ['./platform.global.mjs'],
    testTimeout: 120_000,
  },
});
