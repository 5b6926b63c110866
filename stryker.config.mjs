// Mutation testing of the code where a silent bug costs money, access or data (npm run mutation).
// Not part of npm test: it runs the unit suite once per mutant, which takes long on 2 cores.
import process from 'node:process';
const SCOPE = [
  'mock-server/auth/**/*.ts',
  'mock-server/store/**/*.ts',
  'mock-server/runs/**/*.ts',
  'mock-server/billing/**/*.ts',
  'mock-server/http/guard.ts',
  'adapters/platform/src/{internal/retry,internal/queue,errors,token}.ts',
  'domain/use-cases/{storage-sync*,session,generate-costume,retry-generation}.ts',
];
const LEFT_OUT = ['!**/*.test.ts', '!mock-server/store/test-accounts.ts'];

// The whole scope takes hours on 2 cores; one part of it at a time, with results kept between runs:
//   MUTATE='mock-server/store/**/*.ts' npx stryker run --incremental
// (globs separated by spaces; tests and the test fixture are always left out).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: process.env.MUTATE
    ? [...process.env.MUTATE.split(/\s+/).filter(Boolean), ...LEFT_OUT]
    : [...SCOPE, ...LEFT_OUT],
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'html', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
