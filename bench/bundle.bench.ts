// Bundle sizes: the landing route's JavaScript (entry plus every chunk it imports statically), the
// lazily loaded rest of the app (session, platform client, schemas, container) and the signed-in
// app, gzipped, from a fresh `vite build` into a temporary folder.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './bench-row';
import { appBuild } from './support/app-build';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const LANDING_BUDGET_KB = 90;
const APP_ENTRY = 'index.html';
const FULL_APP = 'ui/app/full-app.tsx';
const SIGNED_IN_APP = 'ui/app/signed-in-app.tsx';

/** The chunk keys a chunk pulls in before it can run: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

async function gzipKb(outDir: string, manifest: Manifest, keys: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js'))
      bytes += gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

export default async function bundleBench(): Promise<BenchRow[]> {
  const outDir = await appBuild();
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const landing = staticClosure(manifest, APP_ENTRY);
  const lazy = (src: string) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === src);
    if (!key) throw new Error(`${src} is not a separate chunk: it is not loaded lazily`);
    return key;
  };
  const fullAppKey = lazy(FULL_APP);
  const appKey = lazy(SIGNED_IN_APP);
  const fullApp = [...staticClosure(manifest, fullAppKey)].filter((key) => !landing.has(key));
  const app = [...staticClosure(manifest, appKey)].filter(
    (key) => !landing.has(key) && !fullApp.includes(key),
  );
  const landingKb = await gzipKb(outDir, manifest, landing);
  const fullAppKb = await gzipKb(outDir, manifest, fullApp);
  const appKb = await gzipKb(outDir, manifest, app);
  return [
    {
      figure: 'landing route JS (gzip)',
      ours: landingKb,
      unit: 'KB',
      budget: `<= ${LANDING_BUDGET_KB} KB`,
      pass: landingKb <= LANDING_BUDGET_KB,
    },
    {
      figure: 'rest of the app: session, client, schemas, container (gzip, lazy)',
      ours: fullAppKb,
      unit: 'KB',
      pass: !landing.has(fullAppKey),
    },
    {
      figure: 'signed-in app chunk JS (gzip, lazy)',
      ours: appKb,
      unit: 'KB',
      pass: !landing.has(appKey),
    },
  ];
}
