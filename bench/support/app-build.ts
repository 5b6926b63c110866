// One production build of the app per `npm run bench`, shared by the bundle and app benchmarks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

let built: Promise<string> | undefined;

/** Builds the app (with its manifest) into a temporary folder, removed when the process exits. */
export function appBuild(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'pawloween-bench-dist-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    return outDir;
  })();
  return built;
}
