import { defineConfig } from 'vitest/config';

// StrykerJS runs the node unit suite once per mutant (npm run mutation): only the tests that can see
// the mutated code, none of jsdom's or chromium's.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'domain/**/*.test.ts',
      'adapters/**/*.test.ts',
      'mock-server/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'tests/reliability/**/*.test.ts',
    ],
    exclude: [
      // Serves fonts from node_modules, which Stryker's sandbox links rather than copies (the font
      // is not found there); it checks static files, nothing in the mutated scope.
      'tests/server/static.test.ts',
      // Stress and fuzz suites: each covers most of the server and takes 15 to 35 s, which a
      // mutant that survives the fast suites would pay for every time (hours on 2 cores). The
      // rules they hammer are stated one by one in the fast suites, which is what this measures.
      'tests/reliability/storage-concurrency.test.ts',
      'tests/reliability/client-faults.test.ts',
      'tests/reliability/hostile.test.ts',
      'tests/reliability/disk-full.test.ts',
      'tests/server/fuzz.test.ts',
    ],
    testTimeout: 30_000,
  },
});
