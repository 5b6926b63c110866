import { renderToString } from 'react-dom/server';
import { APP_DEFAULTS } from '../domain/model/app-config';
import { LandingShell } from './app/landing-shell';

/**
 * The landing page as HTML, written into index.html at build (scripts/prerender-landing.ts), so a
 * phone paints it before any script has run. The same tree AppRoot renders for a signed-out
 * visitor (ui/app/mount.tsx starts on it), which replaces it once its script has run.
 */
export function renderLanding(): string {
  return renderToString(<LandingShell config={APP_DEFAULTS} onSignIn={() => undefined} />);
}
