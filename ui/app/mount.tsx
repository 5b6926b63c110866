import { createRoot } from 'react-dom/client';
import { createBrowserContainer, takeSignInReturn } from '../../adapters/browser/browser.container';
import { APP_DEFAULTS, type AppConfig } from '../../domain/model/app-config';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { assetPath, type AssetTable } from '../../domain/model/asset-table';
import { presetImagePath, type PresetKind } from '../../domain/model/presets';
import { AppRoot } from './app-root';
import { readRuntimeConfig } from './runtime-config';

/**
 * Mounts the app into root: ui/main.tsx with the defaults, preview/ with the data file's config
 * and the manifest's asset table. Services are resolved here, once, by the browser composition root.
 */
export function mountApp(
  root: HTMLElement,
  options: { config?: AppConfig; assets?: AssetTable; onPublish?: () => void } = {},
): void {
  // SPEC.md section 2: a sign-in return's token leaves the address bar before the first render and
  // before any request; the session stores it once it starts.
  const signInReturn = takeSignInReturn(window);
  // A visitor with no token here or arriving sees the landing page at once, as index.html already
  // shows it (prerendered), instead of a splash while the session starts.
  const expectSignedOut = !signInReturn && !storedToken();
  const config = options.config ?? APP_DEFAULTS;
  const runtime = readRuntimeConfig(document, window.location);
  const { services, client } = createBrowserContainer({
    client: { baseUrl: runtime.platformUrl },
    session: { projectToken: runtime.projectToken },
    appName: config.name,
    presetUrl: (preset) => absolute(presetPath(options.assets, preset)),
  });
  createRoot(root).render(
    <AppRoot
      config={config}
      assets={options.assets}
      services={services}
      client={client}
      initialToken={signInReturn?.token}
      initialTokenState={signInReturn?.state}
      onPublish={options.onPublish}
      expectSignedOut={expectSignedOut}
    />,
  );
}

function storedToken(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.accessToken) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The image the person saw in the carousel is the one the workflow gets. */
function presetPath(
  assets: AssetTable | undefined,
  preset: { kind: PresetKind; id: string },
): string {
  return (
    assetPath(assets, preset.kind === 'pet' ? 'pets' : 'costumes', preset.id) ??
    presetImagePath(preset)
  );
}

// The workflow runs on the platform, which fetches preset images by absolute address.
function absolute(path: string): string {
  return new URL(path, window.location.href).href;
}
