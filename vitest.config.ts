import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One command runs every suite (README): unit and server tests in node, components in jsdom,
// and the browser journeys in real chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    coverage: { provider: 'v8', include: ['domain/**/*.ts'], exclude: ['domain/**/*.test.ts'] },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          globalSetup: ['tests/support/leftovers.global.ts'],
          setupFiles: ['tests/support/no-open-servers.ts'],
          include: [
            'domain/**/*.test.ts',
            'adapters/**/*.test.ts',
            'cli/**/*.test.ts',
            'mock-server/**/*.test.ts',
            'preview/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
            'tests/repo/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['ui/**/*.test.{ts,tsx}', 'preview/**/*.test.tsx'],
          globalSetup: ['tests/support/leftovers.global.ts'],
          setupFiles: ['tests/support/setup-dom.ts', 'tests/support/no-open-servers.ts'],
          // jsdom renders of whole views take seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
