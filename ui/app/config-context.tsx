import { createContext, useContext, type ReactNode } from 'react';
import { APP_DEFAULTS, type AppConfig } from '../../domain/model/app-config';
import { assetPath, type AssetTable } from '../../domain/model/asset-table';

const ConfigContext = createContext<AppConfig>(APP_DEFAULTS);
const AssetContext = createContext<AssetTable | undefined>(undefined);

export function ConfigProvider(props: {
  config: AppConfig;
  assets: AssetTable | undefined;
  children: ReactNode;
}) {
  return (
    <ConfigContext.Provider value={props.config}>
      <AssetContext.Provider value={props.assets}>{props.children}</AssetContext.Provider>
    </ConfigContext.Provider>
  );
}

export function useAppConfig(): AppConfig {
  return useContext(ConfigContext);
}

export function useAssetTable(): AssetTable | undefined {
  return useContext(AssetContext);
}

/** The path the asset table gives for bundle/alias, or the app's own default path. */
export function useAssetPath(bundle: string, alias: string, fallback: string): string {
  return assetPath(useAssetTable(), bundle, alias) ?? fallback;
}
