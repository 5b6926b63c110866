// npm run pack:platform: builds @pawloween/platform-server, the local platform (mock-server/) as a
// package another project installs for its tests: `startPlatform()` to start it from a test's
// global setup, and the `pawloween-platform` bin (`npx pawloween-platform --port 8787`). It runs
// from compiled JavaScript (no tsx), with its media tools (sharp, ffmpeg) as its dependencies, and
// serves the built app as `npm start` does. The tarball goes into packs/platform-server/; the last
// line printed is its path.
//
// A package of its own rather than a subpath of @pawloween/platform-client: the client is a small
// browser library with no runtime dependency but zod, and the platform brings fastify, SQLite,
// sharp, ffmpeg and the pet locator's models (hundreds of MB). A project's browser bundle must not
// install those, and its test setup installs them only where it asks for them (a devDependency).
//
// The sources compile file by file (tsdown's unbundle mode) into lib/ in the repository's own
// layout, so the files a module finds beside itself (the preset mattes, the head probe, the
// platform pages' assets, ui/public/presets, the built app in dist/) are where they are here.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsdown';
import { NOTICES, npmPack } from './npm-package';
import { bundledPackages, FONT_LICENCES, platformNotices } from './platform-notices';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'packs/platform-server');
const packageDir = path.join(out, 'package');
const lib = path.join(packageDir, 'lib');

/** What the compiled platform imports at run time, at the versions this repository runs. */
const DEPENDENCIES = [
  '@fastify/formbody',
  '@fastify/static',
  '@ffmpeg-installer/ffmpeg',
  '@fontsource/creepster',
  '@fontsource/nunito',
  '@techstark/opencv-js',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs-converter',
  '@tensorflow/tfjs-core',
  'fastify',
  'jose',
  'libsql',
  'p-queue',
  'sharp',
  'zod',
];

/** Folders and files modules read beside themselves, copied to the same place under lib/. */
export const ASSETS = [
  'mock-server/workflow/preset-mattes',
  'mock-server/workflow/locate/head-probe.json',
  'mock-server/workflow/locate/centernet',
  'mock-server/pages/assets',
  'ui/public',
];

interface RootManifest {
  version: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
}

export async function packPlatform({ quiet = false } = {}): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(lib, { recursive: true });
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'package.json'), 'utf8'),
  ) as RootManifest;
  const stdio = quiet ? 'ignore' : 'inherit';
  await build({
    cwd: root,
    entry: [
      'mock-server/platform.ts',
      'mock-server/server.ts',
      'mock-server/workflow/render-worker.ts',
    ],
    unbundle: true,
    root,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: lib,
    dts: false,
    fixedExtension: true,
    hash: false,
    sourcemap: false,
    deps: { neverBundle: [...DEPENDENCIES, /^node:/] },
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: quiet ? 'silent' : 'warn',
    report: false,
    config: false,
  });
  // The types of startPlatform, bundled into one file beside it.
  await build({
    cwd: root,
    entry: { platform: 'mock-server/platform.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: path.join(packageDir, 'types'),
    dts: { emitDtsOnly: true },
    fixedExtension: true,
    hash: false,
    deps: { neverBundle: [...DEPENDENCIES, /^node:/] },
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: quiet ? 'silent' : 'warn',
    report: false,
    config: false,
  });
  // The app the platform serves at /, built into the package (never into dist/, which a running
  // platform or another test may be reading). Its source maps tell which packages it bundles, for
  // the notices; they are not shipped.
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      path.join(lib, 'dist'),
      '--emptyOutDir',
      '--sourcemap',
      'hidden',
    ],
    { cwd: root, stdio },
  );
  const built = readdirSync(path.join(lib, 'dist'), { recursive: true, encoding: 'utf8' }).map(
    (file) => path.join(lib, 'dist', file),
  );
  const bundled = bundledPackages(built.filter((file) => file.endsWith('.map')));
  // With the maps' precompressed copies, if a plugin made them.
  for (const map of built.filter((file) => /\.map(\.br|\.gz)?$/.test(file))) rmSync(map);
  for (const asset of ASSETS)
    cpSync(path.join(root, asset), path.join(lib, asset), { recursive: true });
  writeFileSync(
    path.join(packageDir, 'bin.mjs'),
    "#!/usr/bin/env node\nimport './lib/mock-server/server.mjs';\n",
    { mode: 0o755 },
  );
  const dependencies = Object.fromEntries(
    DEPENDENCIES.map((name) => {
      const version = manifest.dependencies[name];
      if (!version) throw new Error(`${name} is no dependency of the repository's package.json`);
      return [name, version];
    }),
  );
  writeFileSync(
    path.join(packageDir, 'package.json'),
    `${JSON.stringify(
      {
        name: '@pawloween/platform-server',
        version: manifest.version,
        description:
          'The local Pawloween platform (API, sign-in page and app) for tests and CI: startPlatform() and the pawloween-platform bin.',
        license: 'MIT',
        type: 'module',
        engines: manifest.engines,
        bin: { 'pawloween-platform': './bin.mjs' },
        exports: {
          '.': { types: './types/platform.d.mts', default: './lib/mock-server/platform.mjs' },
          './package.json': './package.json',
        },
        types: './types/platform.d.mts',
        files: ['bin.mjs', 'lib', 'types', 'licenses', 'README.md', 'LICENSE', NOTICES],
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
  copyFileSync(path.join(root, 'adapters/platform/LICENSE'), path.join(packageDir, 'LICENSE'));
  writeFileSync(path.join(packageDir, NOTICES), platformNotices(bundled));
  mkdirSync(path.join(packageDir, 'licenses'));
  for (const [name, from] of Object.entries(FONT_LICENCES))
    copyFileSync(path.join(root, from), path.join(packageDir, 'licenses', name));
  writeFileSync(path.join(packageDir, 'README.md'), PACKAGE_README);
  const tarball = npmPack(packageDir, out);
  // Only the tarball stays: the unpacked copy would be linted, formatted and analysed as sources.
  rmSync(packageDir, { recursive: true, force: true });
  return tarball;
}

const PACKAGE_README = `# @pawloween/platform-server

The local Pawloween platform for another project's tests and CI: the platform API, the sign-in
page and the Pawloween app on one origin, with a real (deterministic, non-AI) costume workflow.

\`\`\`js
import { startPlatform } from '@pawloween/platform-server';

const platform = await startPlatform({ port: 0, dataDir: '/tmp/pawloween-test', faults: true });
// platform.url, platform.projectToken; platform.fault({ next: 'video-fail' }); await platform.close();
\`\`\`

Or as a process: \`npx pawloween-platform --port 8787 --data-dir ./data\` (\`--help\` lists every
setting). \`LICENSE\` is the package's licence; \`THIRD_PARTY_NOTICES.md\` names the models, artwork,
fonts and bundled packages others made, with their sources and licences. The Pawloween repository's README ("Local platform for your tests") documents the options,
the faults and examples for vitest and Playwright.
`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  console.log(await packPlatform());
