// npm run pack:client (or `npm run build` in adapters/platform): builds @pawloween/platform-client
// (adapters/platform/src) into ESM + CommonJS + .d.ts with tsdown, writes its publishable
// package.json and the notices of what it bundles, and packs the npm tarball into packs/ (which no
// build cleans), leaving only the tarball there. The last line printed is its path.
//
// tsdown (rolldown + rolldown-plugin-dts) rather than tsup: tsup's own README points to tsdown as
// its maintained successor. 0.21.10 is the last release whose engines accept Node 20.19, which
// this repository promises.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsdown';
import { licenceNotice, NOTICES, npmPack } from './npm-package';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = path.join(root, 'adapters/platform');
// Not under dist/: `npm start` and `npm run build` empty it, and a tarball someone installs from must stay.
const out = path.join(root, 'packs/platform-client');
const packageDir = path.join(out, 'package');

/**
 * zod is the caller's own (a peer: schemas they pass must be of the same zod). jose is ESM-only,
 * which a CommonJS build can only reach through require(esm): it is bundled, so the package has
 * no other runtime dependency. It is MIT, as the package's README says. (The request queue is the
 * client's own: p-queue with eventemitter3 and p-timeout was a quarter of its bundle.)
 */
const EXTERNAL = ['zod'];
const BUNDLED = ['jose'];

interface Manifest {
  name: string;
  version: string;
  exports: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies: Record<string, string>;
  [field: string]: unknown;
}

/**
 * One built entry per export of the source manifest: '.' is `index`, './errors' is `errors`. Code
 * two entries share goes into a chunk of its own, so `/errors` and `/urls` carry only themselves.
 */
function entries(manifest: Manifest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest.exports).map(([subpath, file]) => [
      entryName(subpath),
      path.join(source, file),
    ]),
  );
}

const entryName = (subpath: string) => (subpath === '.' ? 'index' : subpath.slice(2));

export async function packClient({ quiet = false } = {}): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(packageDir, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as Manifest;
  await build({
    cwd: root,
    entry: entries(manifest),
    format: ['esm', 'cjs'],
    platform: 'neutral',
    target: 'es2022',
    outDir: path.join(packageDir, 'dist'),
    dts: true,
    fixedExtension: true,
    hash: false,
    sourcemap: false,
    deps: { neverBundle: EXTERNAL, alwaysBundle: BUNDLED },
    tsconfig: path.join(source, 'tsconfig.json'),
    logLevel: quiet ? 'silent' : 'info',
    report: !quiet,
    config: false,
    // rolldown's CommonJS helpers in a chunk of their own: left in index.cjs, the shared chunk
    // would require index.cjs back, and `require('.../errors')` would meet a half-loaded cycle.
    outputOptions: {
      codeSplitting: { groups: [{ name: 'runtime', test: /rolldown[\\/]runtime/ }] },
    },
  });

  writeFileSync(
    path.join(packageDir, 'package.json'),
    `${JSON.stringify(publishable(manifest), null, 2)}\n`,
  );
  for (const file of ['README.md', 'LICENSE'])
    copyFileSync(path.join(source, file), path.join(packageDir, file));
  writeFileSync(path.join(packageDir, NOTICES), thirdPartyNotices(bundledPackages()));
  // node10 resolution (TypeScript's `moduleResolution: node`, old bundlers) knows no `exports`: a
  // folder per subpath with its own package.json points it at the same files.
  for (const name of subpathNames(manifest)) {
    mkdirSync(path.join(packageDir, name));
    writeFileSync(
      path.join(packageDir, name, 'package.json'),
      `${JSON.stringify({ main: `../dist/${name}.cjs`, types: `../dist/${name}.d.cts` }, null, 2)}\n`,
    );
  }

  const tarball = npmPack(packageDir, out);
  // Only the tarball stays: the unpacked copy would be linted, formatted and analysed as sources.
  rmSync(packageDir, { recursive: true, force: true });
  return tarball;
}

/** The source manifest, pointed at the built files instead of the TypeScript sources. */
function publishable(manifest: Manifest): Omit<Manifest, 'exports'> & { exports: unknown } {
  const { exports: sources, dependencies: _bundled, scripts: _scripts, ...rest } = manifest;
  const built = (name: string) => ({
    import: { types: `./dist/${name}.d.mts`, default: `./dist/${name}.mjs` },
    require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
  });
  return {
    ...rest,
    main: './dist/index.cjs',
    module: './dist/index.mjs',
    types: './dist/index.d.cts',
    exports: {
      ...Object.fromEntries(
        Object.keys(sources).map((subpath) => [subpath, built(entryName(subpath))]),
      ),
      './package.json': './package.json',
    },
    files: ['dist', ...subpathNames(manifest), 'README.md', 'LICENSE', NOTICES],
  };
}

/** The subpaths besides the main entry: 'errors', 'urls'. */
const subpathNames = (manifest: Manifest) =>
  Object.keys(manifest.exports)
    .filter((subpath) => subpath !== '.')
    .map(entryName);

interface InstalledPackage {
  name: string;
  version: string;
  license: string;
  dir: string;
}

function installed(name: string): InstalledPackage {
  const dir = path.join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license?: string;
  };
  return { name, version: manifest.version, license: manifest.license ?? 'see its licence', dir };
}

/** BUNDLED and everything they depend on at run time, as installed here; EXTERNAL stays out. */
export function bundledPackages(): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const visit = (name: string) => {
    if (found.has(name) || EXTERNAL.includes(name)) return;
    const entry = installed(name);
    found.set(name, entry);
    const manifest = JSON.parse(readFileSync(path.join(entry.dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    Object.keys(manifest.dependencies ?? {}).forEach(visit);
  };
  BUNDLED.forEach(visit);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The licences of the code bundled into the package, which ship with it as their licences ask. */
function thirdPartyNotices(packages: readonly InstalledPackage[]): string {
  const sections = packages.map((entry) => licenceNotice(entry.dir));
  return `# Third-party notices\n\nThis package bundles the following code, under these licences.\n\n${sections.join('\n')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  console.log(await packClient());
