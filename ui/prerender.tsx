import { renderToString } from 'react-dom/server';
import { APP_DEFAULTS } from '../domain/model/app-config';
import { ConfigProvider } from './app/config-context';
import { themeStyle } from './app/theme-style';
import { LandingPage } from './features/landing/components/landing-page';

/**
 * The landing page as HTML, written into index.html at build (scripts/prerender-landing.ts), so a
 * phone paints it before any script has run. The same tree AppRoot renders for a signed-out
 * visitor, which replaces it once the app has started.
 */
export function renderLanding(): string {
  return renderToString(
    <ConfigProvider config={APP_DEFAULTS} assets={undefined}>
      <div className="pw-app" style={themeStyle(APP_DEFAULTS.colors)}>
        <LandingPage onSignIn={() => undefined} />
      </div>
    </ConfigProvider>,
  );
}
