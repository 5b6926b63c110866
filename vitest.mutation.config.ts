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
    // Serves fonts from node_modules, which Stryker's sandbox links rather than copies (the font
    // is not found there); it checks static files, nothing in the mutated scope.
    exclude: ['tests/server/static.test.ts'],
    testTimeout: 30_000,
  },
});
