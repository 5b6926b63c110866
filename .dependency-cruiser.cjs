// The rooms of the house and the doors between them (DESIGN.md "Shape"), checked on resolved
// imports: static, dynamic (`import('...')`), type-only and re-exports alike. `npm run lint:deps`.
/** @type {import('dependency-cruiser').IConfiguration} */
const notTests = '\\.test\\.tsx?$|/test-support/|/testing/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: break it with a port or by moving the shared part.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only domain/ and zod.',
      severity: 'error',
      from: { path: '^domain/', pathNot: notTests },
      to: { pathNot: ['^domain/', '^node_modules/zod/'] },
    },
    {
      name: 'ui-through-its-container',
      comment:
        'ui/ and preview/ reach adapters only through adapters/browser/browser.container.ts (and browser.entry.ts, its part the first paint needs).',
      severity: 'error',
      from: { path: '^(ui|preview)/', pathNot: notTests },
      to: {
        path: '^adapters/',
        pathNot: '^adapters/browser/browser\\.(container|entry)\\.ts$',
      },
    },
    {
      name: 'ui-not-cli-or-platform',
      comment: 'ui/ and preview/ do not import the CLI or the local platform.',
      severity: 'error',
      from: { path: '^(ui|preview)/', pathNot: notTests },
      to: { path: '^(cli|mock-server)/' },
    },
    {
      name: 'features-keep-to-themselves',
      comment:
        "A feature uses another feature only through that feature's index.ts; what two features share lives in ui/components or ui/app.",
      severity: 'error',
      from: { path: '^ui/features/([^/]+)/', pathNot: notTests },
      to: {
        path: '^ui/features/([^/]+)/',
        pathNot: ['^ui/features/$1/', '^ui/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'cli-through-its-container',
      comment: 'cli/ reaches adapters only through adapters/node/node.container.ts.',
      severity: 'error',
      from: { path: '^cli/', pathNot: notTests },
      to: { path: '^adapters/', pathNot: '^adapters/node/node\\.container\\.ts$' },
    },
    {
      name: 'cli-calls-use-cases',
      comment:
        'cli/ calls use cases (connection.services), never a port: the ports are chosen in adapters/node/node.container.ts.',
      severity: 'error',
      from: { path: '^cli/', pathNot: notTests },
      to: { path: '^domain/ports/' },
    },
    {
      name: 'cli-not-app-or-platform',
      comment: 'cli/ does not import the app or the local platform.',
      severity: 'error',
      from: { path: '^cli/', pathNot: notTests },
      to: { path: '^(ui|preview|mock-server)/' },
    },
    {
      name: 'platform-uses-only-the-schemas',
      comment: 'mock-server/ uses domain/ and the API schemas only, never the app or the CLI.',
      severity: 'error',
      from: { path: '^mock-server/', pathNot: notTests },
      to: { path: '^(ui|cli|preview)/|^adapters/(?!platform/src/api/)' },
    },
    {
      name: 'client-stands-alone',
      comment:
        'adapters/platform is a package of its own: it imports only itself, jose and zod (its queue is its own, not p-queue).',
      severity: 'error',
      from: { path: '^adapters/platform/', pathNot: notTests },
      to: {
        pathNot: ['^adapters/platform/', '^node_modules/(jose|zod)/', '^node_modules/@types/node/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'client-internals-are-private',
      comment:
        "adapters/platform/src/internal/ is the client's private code: only the client's own modules import it (tests included from outside: none).",
      severity: 'error',
      from: { pathNot: '^adapters/platform/src/' },
      to: { path: '^adapters/platform/src/internal/' },
    },
    {
      name: 'app-uses-the-client-as-a-package',
      comment:
        'The app uses the platform client only through its public entries, as any user of the package does.',
      severity: 'error',
      from: { path: '^(?!adapters/platform/)', pathNot: notTests },
      to: {
        path: '^adapters/platform/',
        pathNot: ['^adapters/platform/src/index\\.ts$', '^adapters/platform/src/api/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Not node_modules: excluded, an import of a package vanished before the rules saw it, so
    // domain-is-pure and client-stands-alone let any package through (doNotFollow is enough).
    exclude: { path: '^(dist|data|coverage|test-results|packs|tests/package/consumer)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
