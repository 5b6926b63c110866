import { StrictMode, useEffect } from 'react';
import type { AppConfig } from '../../domain/model/app-config';
import type { AssetTable } from '../../domain/model/asset-table';
import { AuthGate } from './auth-gate';
import { AuthProvider, type AuthProviderProps } from './auth-provider';
import { ConfigProvider } from './config-context';
import { ServicesProvider } from './services-context';
import type { UiServices } from './services';
import { themeStyle } from './theme-style';

/** The whole app: config, theme, services and auth state provided once at the top, then the auth gate. */
export function AppRoot(
  props: {
    config: AppConfig;
    assets?: AssetTable;
    services: UiServices;
    /** No token stored or arriving: show the landing page while the session starts. */
    expectSignedOut?: boolean;
  } & Omit<AuthProviderProps, 'children'>,
) {
  const { config } = props;
  useEffect(() => {
    document.title = config.name;
  }, [config.name]);
  return (
    <StrictMode>
      <ConfigProvider config={config} assets={props.assets}>
        <ServicesProvider services={props.services}>
          <div className="pw-app" style={themeStyle(config.colors)}>
            <AuthProvider
              client={props.client}
              initialToken={props.initialToken}
              initialTokenState={props.initialTokenState}
              onPublish={props.onPublish}
              sandboxPreload={props.sandboxPreload}
              signInOnStart={props.signInOnStart}
            >
              <AuthGate expectSignedOut={props.expectSignedOut} />
            </AuthProvider>
          </div>
        </ServicesProvider>
      </ConfigProvider>
    </StrictMode>
  );
}
