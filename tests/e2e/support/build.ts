import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything the browser bundle is built from; a change to any of them makes dist/ stale. */
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/prerender-landing.ts',
  'package-lock.json',
  'ui',
  'preview',
  'domain',
  'adapters',
];
const STAMP = '.e2e-build-stamp';

function newestChange(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/**
 * dist/ is reused only when this harness built it (the stamp holds the build's start time) and no
 * source changed since: `npm start` or another build wipes the stamp, an edit is newer than it.
 */
function isFresh(root: string): boolean {
  if (process.env.E2E_REBUILD === '1') return false;
  const stamp = path.join(root, 'dist', STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist', 'index.html'))) return false;
  const builtAt = Number(readFileSync(stamp, 'utf8'));
  const newest = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))));
  return Number.isFinite(builtAt) && newest < builtAt;
}

/** The same `vite build` into dist/ that `npm start` runs, skipped when dist/ is provably current. */
export async function buildAppOnce(root: string): Promise<void> {
  if (isFresh(root)) return;
  const startedAt = Date.now();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${output.join('')}`);
  writeFileSync(path.join(root, 'dist', STAMP), String(startedAt));
}
