import type { AppConfig } from '../domain/model/app-config';
import type { AssetTable } from '../domain/model/asset-table';
import { readDataFile, type PreviewLog } from './data-file';
import { buildAssetTable, parseManifest } from './manifest';
import { readTimestamp } from './timestamp';

export const NO_DATA_MESSAGE = 'No data.json found or invalid JSON, using default data';
export const NO_MANIFEST_MESSAGE =
  'No assets/manifest.json found or invalid JSON, using default assets';

export interface MountOptions {
  config?: AppConfig;
  assets?: AssetTable;
}

export interface BootstrapDeps {
  /** The page address: t comes from its query, data files resolve against it. */
  readonly href: string;
  readonly getRoot: () => HTMLElement | null;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly console: PreviewLog & { error(...data: unknown[]): void };
  readonly mount: (root: HTMLElement, options: MountOptions) => unknown;
}

/** What the bootstrap loaded, for tests and for whoever wants to show it. */
export interface BootstrapResult {
  readonly config?: AppConfig;
  readonly assets?: AssetTable;
  readonly mounted: boolean;
}

async function loadJson(deps: BootstrapDeps, file: string, t: string): Promise<unknown> {
  const url = new URL(file, deps.href);
  url.searchParams.set('t', t);
  const response = await deps.fetch(url);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.json();
}

async function loadConfig(deps: BootstrapDeps, t: string): Promise<AppConfig | undefined> {
  const config = await loadJson(deps, 'data.json', t)
    .then((json) => readDataFile(json, deps.console))
    .catch(() => undefined);
  if (!config) deps.console.log(NO_DATA_MESSAGE);
  return config;
}

async function loadAssets(
  deps: BootstrapDeps,
  t: string,
  stamp: string | undefined,
): Promise<AssetTable | undefined> {
  const json = await loadJson(deps, 'assets/manifest.json', t).catch(() => undefined);
  const result = json === undefined ? undefined : parseManifest(json);
  if (result?.ok) return buildAssetTable(result.manifest, stamp);
  if (result) deps.console.warn(`assets/manifest.json: ${result.violations.join('; ')}`);
  deps.console.log(NO_MANIFEST_MESSAGE);
  return undefined;
}

/**
 * The preview's startup (SPEC.md section 4): read t, load data.json and assets/manifest.json side by
 * side, then mount the app with what loaded. A missing or broken file costs its defaults, never the page.
 */
export async function bootstrap(deps: BootstrapDeps): Promise<BootstrapResult> {
  const timestamp = readTimestamp(new URL(deps.href).search, deps.now);
  const stamp = timestamp.fromQuery ? timestamp.value : undefined;
  const [config, assets] = await Promise.all([
    loadConfig(deps, timestamp.value),
    loadAssets(deps, timestamp.value, stamp),
  ]);
  const root = deps.getRoot();
  if (!root) {
    deps.console.error('Root element not found');
    return { config, assets, mounted: false };
  }
  const options: MountOptions = {};
  if (config) options.config = config;
  if (assets) options.assets = assets;
  deps.mount(root, options);
  return { config, assets, mounted: true };
}
