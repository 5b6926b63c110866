import { createRoot } from 'react-dom/client';
import { createBrowserServices } from '../../adapters/browser/browser.container';
import { APP_DEFAULTS, type AppConfig } from '../../domain/model/app-config';
import type { AssetTable } from '../../domain/model/asset-table';
import { AppRoot } from './app-root';

/**
 * Mounts the app into root: ui/main.tsx with the defaults, preview/ with the data file's config
 * and the manifest's asset table. Services are resolved here, once, by the browser composition root.
 */
export function mountApp(
  root: HTMLElement,
  options: { config?: AppConfig; assets?: AssetTable } = {},
): void {
  const config = options.config ?? APP_DEFAULTS;
  const services = createBrowserServices({ config, assets: options.assets });
  createRoot(root).render(<AppRoot config={config} assets={options.assets} services={services} />);
}
