import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One command runs every suite (README): unit and server tests in node, components in jsdom,
// and the browser journeys in real chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one on CI's 2-core machine. Many unit
    // files mostly wait (on a CLI or server process, a packed tarball, a socket), so two workers
    // there take the unit and component suites from about 530 s to 350 s. The browser journeys
    // run two files at a time, each against a platform of its own (the e2e project below).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    coverage: {
      provider: 'v8',
      // Every source folder. The browser journeys (e2e) exercise ui/ and preview/ in chromium, which
      // this node-side measure cannot see: their share is noted in README.
      include: [
        'domain/**/*.ts',
        'adapters/**/*.ts',
        'cli/**/*.ts',
        'mock-server/**/*.ts',
        'ui/**/*.{ts,tsx}',
        'preview/**/*.{ts,tsx}',
      ],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-support/**', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      // What the unit and component suites reach today (90% lines, 81% branches), less a little room.
      thresholds: { lines: 88, statements: 87, functions: 88, branches: 78 },
    },
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
            'tests/package/**/*.test.ts',
          ],
          // Bounds that catch a hang, not a slow machine: a test that starts the real platform
          // process two or three times took over 30 s, and a hook spawning the CLI three times over
          // 10 s (vitest's default), with two busy loops beside the two workers.
          testTimeout: 120_000,
          hookTimeout: 120_000,
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
          // jsdom renders of whole views take seconds on a busy 2-core machine: bounds that catch a
          // hang, with room for a machine running two busy loops beside the two workers.
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
          // Journey files at once (E2E_FILES_AT_ONCE, 2 by default), each against a platform of its
          // own (global-setup.ts starts one per worker): much of a journey is chromium and the
          // platform waiting on each other. In a run of every project the journeys come last.
          maxWorkers: Math.max(1, Number(process.env.E2E_FILES_AT_ONCE) || 2),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
