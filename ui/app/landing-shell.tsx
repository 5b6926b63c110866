import '@fontsource/creepster/latin-400.css';
import '@fontsource/nunito/latin-400.css';
import '@fontsource/nunito/latin-700.css';
import '@fontsource/nunito/latin-800.css';
import '../styles/base.css';
// The signed-in skeleton index.html also holds (app-skeleton.tsx) paints before any script as well.
import '../features/shell/shell.css';
import '../features/create/create-heading.css';
import type { AppConfig } from '../../domain/model/app-config';
import type { AssetTable } from '../../domain/model/asset-table';
import { LandingPage } from '../features/landing/components/landing-page';
import { ConfigProvider } from './config-context';
import { themeStyle } from './theme-style';

/**
 * The landing page alone, the tree index.html holds prerendered (ui/prerender.tsx): what a
 * signed-out visitor runs until they sign in, without the session, the platform client or the
 * container. The app's fonts and base styles come in with it, so they are in the first stylesheet,
 * with the styles of the signed-in skeleton (shell and Create title) prerendered beside it.
 */
export function LandingShell(props: {
  config: AppConfig;
  assets?: AssetTable;
  onSignIn: () => void;
}) {
  return (
    <ConfigProvider config={props.config} assets={props.assets}>
      <div className="pw-app" style={themeStyle(props.config.colors)}>
        <LandingPage onSignIn={props.onSignIn} />
      </div>
    </ConfigProvider>
  );
}
