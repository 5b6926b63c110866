import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import {
  createBrowserContainer,
  type SignInReturn,
} from '../../adapters/browser/browser.container';
import { APP_DEFAULTS, type AppConfig } from '../../domain/model/app-config';
import { assetPath, type AssetTable } from '../../domain/model/asset-table';
import { presetImagePath, type PresetKind } from '../../domain/model/presets';
import { AppRoot } from './app-root';
import { DeploymentProblem, reachCheck, settleDeployment } from './deployment';

export interface FullAppOptions {
  config?: AppConfig;
  assets?: AssetTable;
  onPublish?: () => void;
  /** The token mountApp took from the address before the first render, if one arrived. */
  signInReturn?: SignInReturn;
  /** No token stored or arriving: show the landing page while the session starts. */
  expectSignedOut: boolean;
  /** The visitor pressed Sign In on the landing page before the app had loaded. */
  signInOnStart?: boolean;
}

/**
 * The whole app into root: services resolved here, once, by the browser composition root. Its own
 * chunk (with zod, inversify and the platform client): mountApp loads it at once for a visitor who
 * is or is becoming signed in, and for everyone else when they sign in.
 */
export async function renderFullApp(root: Root, options: FullAppOptions): Promise<void> {
  const config = options.config ?? APP_DEFAULTS;
  const problem = (message: string) =>
    root.render(<DeploymentProblem config={config} message={message} />);
  const settled = await settleDeployment(document, window.location);
  if (settled.problem !== undefined) return problem(settled.problem);
  const { runtime } = settled;
  // A platform on another origin that this page may not call (the host's CSP, the platform's
  // CORS) would leave the app half signed in for ever, its calls failing only in the console.
  // Before the sign-in page, which would only refuse the address to return to.
  const reach = reachCheck(runtime, document, window.location);
  if (options.signInOnStart) {
    const found = await reach;
    if (found) return problem(found);
  } else
    void reach.then((found) => {
      if (found) problem(found);
    });
  const { services, client } = createBrowserContainer({
    client: {
      baseUrl: runtime.platformUrl,
      ...(runtime.authorizationUrl ? { authorizationUrl: runtime.authorizationUrl } : {}),
    },
    session: { projectToken: runtime.projectToken },
    appName: config.name,
    presetUrl: (preset) => absolute(presetPath(options.assets, preset)),
  });
  // As a transition, React renders the app in slices of a few milliseconds and lets the phone
  // paint and answer in between, not in one long task (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <AppRoot
        config={config}
        assets={options.assets}
        services={services}
        client={client}
        initialToken={options.signInReturn?.token}
        initialTokenState={options.signInReturn?.state}
        onPublish={options.onPublish}
        expectSignedOut={options.expectSignedOut}
        signInOnStart={options.signInOnStart}
      />,
    ),
  );
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
