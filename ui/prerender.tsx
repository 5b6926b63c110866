import { renderToString } from 'react-dom/server';
import { APP_DEFAULTS } from '../domain/model/app-config';
import { AppSkeleton } from './app/app-skeleton';
import { ConfigProvider } from './app/config-context';
import { LandingShell } from './app/landing-shell';
import { themeStyle } from './app/theme-style';

/**
 * The landing page as HTML, written into index.html at build (scripts/prerender-landing.ts), so a
 * phone paints it before any script has run. The same tree AppRoot renders for a signed-out
 * visitor (ui/app/mount.tsx starts on it), which replaces it once its script has run.
 */
export function renderLanding(): string {
  return renderToString(<LandingShell config={APP_DEFAULTS} onSignIn={() => undefined} />);
}

/**
 * The skeleton AppRoot shows a signed-in visitor while the session and the app's chunk load, as
 * HTML for the same reason: a returning visitor's phone paints the app's frame and the Create
 * view's title before any script, and the app's own skeleton, then the app, replace it in place.
 */
export function renderSignedInSkeleton(): string {
  return renderToString(
    <ConfigProvider config={APP_DEFAULTS} assets={undefined}>
      <div className="pw-app" style={themeStyle(APP_DEFAULTS.colors)}>
        <AppSkeleton label="Loading" />
      </div>
    </ConfigProvider>,
  );
}
