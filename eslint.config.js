// Lint rules for the code itself. Which room may import which (the hexagon of DESIGN.md "Shape")
// is checked on resolved imports by dependency-cruiser: .dependency-cruiser.cjs, `npm run lint:deps`.
// The domain's reach for the outside world without a port (globals, Date.now) is checked here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  // tests/package/consumer is an outside project's code, checked by the consumer test where it is
  // installed; packs/ holds the built client tarball (npm run pack:client), not sources.
  {
    ignores: [
      'node_modules',
      'dist',
      'packs',
      'data',
      'coverage',
      'test-results',
      'ui/public',
      'packs',
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
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
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
