// Lint rules that keep the hexagon honest (DESIGN.md "Shape"): the domain stays pure, drivers reach
// adapters only through their composition root, and the platform client stands on its own.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const everyLayer = ['./domain', './adapters', './ui', './cli', './mock-server', './preview'];
const outside = (...layers) => everyLayer.filter((layer) => !layers.includes(layer));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'test-results', 'ui/public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: outside('./domain'), message: 'domain/ imports only domain/ and zod.' },
            {
              target: './adapters/platform',
              from: ['./ui', './cli', './mock-server', './preview', './adapters/browser', './adapters/node', './adapters/memory'],
              message: 'The platform client is a library of its own.',
            },
            {
              target: './ui',
              from: './adapters',
              except: ['./browser/browser.container.ts'],
              message: 'ui/ reaches adapters only through its composition root (adapters/browser/browser.container.ts).',
            },
            {
              target: './preview',
              from: './adapters',
              except: ['./browser/browser.container.ts'],
              message: 'preview/ reaches adapters only through the browser composition root.',
            },
            {
              target: './cli',
              from: './adapters',
              except: ['./node/node.container.ts'],
              message: 'cli/ reaches adapters only through its composition root (adapters/node/node.container.ts).',
            },
            { target: './ui', from: ['./cli', './mock-server'] },
            { target: './cli', from: ['./ui', './preview'] },
            {
              target: './mock-server',
              from: ['./ui', './cli', './preview', './adapters/browser', './adapters/node', './adapters/memory'],
              message: 'mock-server/ uses domain/ and the API schemas only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.)', message: 'domain/ imports only domain/ and zod.' }] },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'process', 'navigator'].map(
          (name) => ({ name, message: 'domain/ reaches the outside world only through a port.' }),
        ),
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use the Clock port.' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Use the Clock port.' },
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
