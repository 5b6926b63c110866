// Lint rules that keep the hexagon honest (DESIGN.md "Shape"): the domain stays pure, drivers reach
// adapters only through their composition root, and the platform client stands on its own.
// Layer rules use the built-in no-restricted-imports on import paths, so they need no resolver.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const up = '^(\\.\\./)+';
const forbid = (regex, message) => ({ regex, message });

const layerRules = [
  {
    files: ['domain/**/*.ts'],
    patterns: [
      forbid('^(?!zod$|zod/|\\.)', 'domain/ imports only domain/ and zod.'),
      forbid(
        `${up}(adapters|ui|cli|mock-server|preview|tests|bench|scripts)(/|$)`,
        'domain/ imports only domain/ and zod.',
      ),
    ],
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'preview/**/*.{ts,tsx}'],
    patterns: [
      forbid(
        `${up}adapters/(?!browser/browser\\.(container|entry)$)`,
        'ui/ and preview/ reach adapters only through adapters/browser/browser.container.ts (and browser.entry.ts, its part the first paint needs).',
      ),
      forbid(
        `${up}(cli|mock-server)(/|$)`,
        'ui/ and preview/ do not import the CLI or the local platform.',
      ),
    ],
  },
  {
    files: ['cli/**/*.ts'],
    patterns: [
      forbid(
        `${up}adapters/(?!node/node\\.container$)`,
        'cli/ reaches adapters only through adapters/node/node.container.ts.',
      ),
      forbid(
        `${up}(ui|preview|mock-server)(/|$)`,
        'cli/ does not import the app or the local platform.',
      ),
    ],
  },
  {
    files: ['mock-server/**/*.ts'],
    patterns: [
      forbid(
        `${up}adapters/(?!platform/api(/|$))`,
        'mock-server/ uses domain/ and the API schemas only.',
      ),
      forbid(`${up}(ui|cli|preview)(/|$)`, 'mock-server/ never depends on the app or the CLI.'),
    ],
  },
  ...platformClientRules(),
  {
    files: ['adapters/platform-ports/**/*.ts'],
    patterns: [
      forbid(
        '^\\.\\./platform/',
        'The app uses the platform client only through its public entry (../platform), as any user of the package does.',
      ),
    ],
  },
];

/**
 * adapters/platform is a package other developers install: it imports only itself and its own
 * dependencies. Without a resolver a relative path's target depends on the importing file's depth,
 * so each depth gets the pattern that climbs one level above the package root.
 */
function platformClientRules() {
  const message =
    'The platform client is a package of its own: it imports only itself, jose and p-queue.';
  const packages = forbid('^(?!\\.|jose$|p-queue$|zod$)', message);
  return [0, 1, 2, 3].map((depth) => ({
    files: [`adapters/platform/${'*/'.repeat(depth)}*.ts`],
    patterns: [forbid(`^(\\.\\./){${depth + 1},}`, message), packages],
  }));
}

export default tseslint.config(
  // tests/package/consumer is an outside project's code, checked by the consumer test where it is installed.
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'ui/public',
      'tests/package/consumer',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'fetch',
          'setTimeout',
          'setInterval',
          'clearTimeout',
          'clearInterval',
          'process',
          'navigator',
        ].map((name) => ({
          name,
          message: 'domain/ reaches the outside world only through a port.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the Clock port.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the Clock port.',
        },
      ],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'preview/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
