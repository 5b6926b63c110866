import { createRoot, type Root } from 'react-dom/client';
import { takeSignInReturn } from '../../adapters/browser/browser.entry';
import { APP_DEFAULTS, type AppConfig } from '../../domain/model/app-config';
import { STORAGE_KEYS } from '../../domain/model/constants';
import type { AssetTable } from '../../domain/model/asset-table';
import { isSandboxed } from './auth-sandbox-preload';
import { LandingShell } from './landing-shell';

export interface MountOptions {
  config?: AppConfig;
  assets?: AssetTable;
  onPublish?: () => void;
}

/** What makes a signed-out visitor's page start the whole app: a sign-in, here or in another tab. */
const SIGN_IN_SIGNS = ['storage', 'popstate', 'hashchange'] as const;

/**
 * Mounts the app into root: ui/main.tsx with the defaults, preview/ with the data file's config
 * and the manifest's asset table. A signed-out visitor of the app gets the landing page alone (the
 * tree index.html already shows, prerendered); the rest of the app, with its session, platform
 * client and container, loads when they press Sign In (fetched as soon as they touch the page), or
 * when a sign-in arrives from another tab. Everyone else gets the whole app at once.
 */
export function mountApp(root: HTMLElement, options: MountOptions = {}): void {
  // SPEC.md section 2: a sign-in return's token leaves the address bar before the first render and
  // before any request; the session stores it once it starts.
  const signInReturn = takeSignInReturn(window);
  const expectSignedOut = !signInReturn && !storedToken();
  const reactRoot = createRoot(root);
  const startApp = (signInOnStart = false) =>
    void import('./full-app')
      .then(({ renderFullApp }) =>
        renderFullApp(reactRoot, { ...options, signInReturn, expectSignedOut, signInOnStart }),
      )
      .catch((error: unknown) => console.error('The app could not be loaded:', error));
  // The preview and a sandboxed page (whose hosts are knocked on at start) keep the whole app.
  const landingOnly = expectSignedOut && !options.config && !isSandboxed(window.location.href);
  if (landingOnly) showLanding(reactRoot, options, startApp);
  else startApp();
}

/** The landing page alone, until Sign In or a sign-in in another tab starts the whole app. */
function showLanding(
  reactRoot: Root,
  options: MountOptions,
  startApp: (signInOnStart?: boolean) => void,
): void {
  let started = false;
  const start = (signInOnStart = false) => {
    if (started) return;
    started = true;
    stopWatching();
    startApp(signInOnStart);
  };
  const signedInElsewhere = (event: Event) => {
    if (event.type !== 'storage' || (event as StorageEvent).key === STORAGE_KEYS.accessToken)
      start(false);
  };
  const stopWatching = () => {
    for (const type of SIGN_IN_SIGNS) window.removeEventListener(type, signedInElsewhere);
    for (const type of INTENT) window.removeEventListener(type, prefetch, true);
  };
  for (const type of SIGN_IN_SIGNS) window.addEventListener(type, signedInElsewhere);
  for (const type of INTENT) window.addEventListener(type, prefetch, { capture: true, once: true });
  const config = options.config ?? APP_DEFAULTS;
  reactRoot.render(
    <LandingShell config={config} assets={options.assets} onSignIn={() => start(true)} />,
  );
  // A deployer's mistake (its settings file, a platform this page may not call) shows at once,
  // not after Sign In: checked once the landing page has painted.
  // A page left meanwhile cancels the check's import: no reason to complain in the console.
  setTimeout(() => {
    import('./deployment')
      .then(async ({ deploymentProblem, DeploymentProblem }) => {
        const problem = await deploymentProblem(document, window.location);
        if (problem === undefined || started) return;
        started = true;
        stopWatching();
        reactRoot.render(<DeploymentProblem config={config} message={problem} />);
      })
      .catch(() => {});
  }, 0);
}

/** A touch, a pointer or a key on the page: Sign In may be next, so its code is fetched now. */
const INTENT = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'] as const;
function prefetch(): void {
  void import('./full-app');
}

function storedToken(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.accessToken) ?? undefined;
  } catch {
    return undefined;
  }
}
