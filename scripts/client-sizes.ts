// npm run sizes:client: what an app's bundler keeps of the shipped client, import by import. The
// tarball `npm run pack:client` builds is unpacked into an empty node_modules and each import is
// bundled from it with esbuild (minified, ESM, for the browser) and gzipped: the package's built
// files and its `exports`, as a user gets them, never the TypeScript sources; zod, the peer, is
// bundled as the app's bundler bundles it (one row leaves it out). Prints the README's
// table; `--write` puts it into adapters/platform/README.md between its size markers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { packClient } from './pack-client';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_README = path.join(root, 'adapters/platform/README.md');
const START = '<!-- sizes:start (npm run sizes:client -- --write) -->';
const END = '<!-- sizes:end -->';

interface SizeCase {
  /** The README's words for the import. */
  label: string;
  /** What the app writes: the names and the module it imports them from. */
  names: string;
  from: string;
  /**
   * zod, the peer, is bundled as an app's bundler bundles it (the figure the app ships), unless the
   * row is about an app that has zod anyway.
   */
  zodExternal?: boolean;
}

const ERROR_NAMES =
  'PlatformError, ValidationError, AuthenticationError, PlanUpgradeRequiredError, UnsubscribedError, InsufficientBalanceError, AccessDeniedError, NotFoundError, PreconditionFailedError, ConflictError, UnprocessableEntityError, IdempotencyKeyReusedError, RateLimitError, WorkflowUnavailableError, ServiceUnavailableError, UnknownError, TimeoutError, NetworkError, CorsRefusedError, AbortError, RedirectRefusedError, StreamLimitError, ERROR_CODES';

export const SIZE_CASES: readonly SizeCase[] = [
  {
    label: '`PlatformClient`, zod included',
    names: 'PlatformClient',
    from: '@pawloween/platform-client',
  },
  {
    label: '`PlatformClient`, zod not counted (an app that bundles zod anyway)',
    names: 'PlatformClient',
    from: '@pawloween/platform-client',
    zodExternal: true,
  },
  {
    label: 'every error class and `ERROR_CODES`, from `@pawloween/platform-client/errors`',
    names: ERROR_NAMES,
    from: '@pawloween/platform-client/errors',
  },
  {
    label: 'one error class, `InsufficientBalanceError`, from `@pawloween/platform-client/errors`',
    names: 'InsufficientBalanceError',
    from: '@pawloween/platform-client/errors',
  },
  {
    label: '`authorizationPageUrl`, `pricingPageUrl`, from `@pawloween/platform-client/urls`',
    names: 'authorizationPageUrl, pricingPageUrl',
    from: '@pawloween/platform-client/urls',
  },
  {
    label: 'four error classes from the main entry, zod included',
    names: 'PlatformError, InsufficientBalanceError, PlanUpgradeRequiredError, RateLimitError',
    from: '@pawloween/platform-client',
  },
];

export interface SizeRow {
  label: string;
  /** Minified and gzipped (level 9), in KB of 1024 bytes. */
  kb: number;
}

/** Every SIZE_CASES row, measured on the given tarball. */
export async function measureClientSizes(tarball: string): Promise<SizeRow[]> {
  const project = mkdtempSync(path.join(tmpdir(), 'pawloween-sizes-'));
  try {
    const scope = path.join(project, 'node_modules/@pawloween');
    mkdirSync(scope, { recursive: true });
    execFileSync('tar', ['xzf', tarball, '-C', scope]);
    renameSync(path.join(scope, 'package'), path.join(scope, 'platform-client'));
    const rows: SizeRow[] = [];
    for (const entry of SIZE_CASES) {
      const result = await build({
        stdin: {
          contents: `export { ${entry.names} } from ${JSON.stringify(entry.from)};`,
          resolveDir: project,
          loader: 'js',
        },
        // zod, the peer, comes from this repository's node_modules, as an app has its own.
        nodePaths: [path.join(root, 'node_modules')],
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        external: entry.zodExternal ? ['zod'] : [],
        write: false,
        logLevel: 'silent',
      });
      const bytes = gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
      rows.push({ label: entry.label, kb: Math.round((bytes / 1024) * 100) / 100 });
    }
    return rows;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

export function sizeTable(rows: readonly SizeRow[]): string {
  return [
    '| import | min+gzip |',
    '| --- | --- |',
    ...rows.map((row) => `| ${row.label} | ${row.kb.toFixed(2)} KB |`),
  ].join('\n');
}

/** The table between the size markers of a README, as label and KB. */
export function readmeSizes(readme: string): SizeRow[] {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no size markers in the README (${START})`);
  return readme
    .slice(start + START.length, end)
    .split('\n')
    .map((line) => /^\|\s*(.+?)\s*\|\s*([\d.]+) KB\s*\|$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ label: match[1]!, kb: Number(match[2]) }));
}

async function writeReadme(rows: readonly SizeRow[]): Promise<void> {
  const readme = readFileSync(CLIENT_README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no size markers in ${CLIENT_README}`);
  const updated = `${readme.slice(0, start + START.length)}\n\n${sizeTable(rows)}\n\n${readme.slice(end)}`;
  const options = await resolveConfig(CLIENT_README);
  writeFileSync(CLIENT_README, await format(updated, { ...options, filepath: CLIENT_README }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tarball = await packClient({ quiet: true });
  const rows = await measureClientSizes(tarball);
  console.log(sizeTable(rows));
  if (process.argv.includes('--write')) await writeReadme(rows);
}
