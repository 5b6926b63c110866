// Another project's vitest config: the platform starts once for the whole run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./platform.global.mjs'],
    testTimeout: 120_000,
  },
});
