/**
 * Media the app shows, keyed by bundle name and alias (SPEC.md section 3 "Preview bundle manifest").
 * The preview fills it from assets/manifest.json; without one the app uses its own defaults.
 * Bundles the app reads: 'pets' and 'costumes' (alias = preset id), 'landing' (alias = media name).
 */
export interface AssetEntry {
  readonly path: string;
  readonly [extra: string]: unknown;
}

export type AssetTable = Readonly<Record<string, Readonly<Record<string, AssetEntry>>>>;

/** The path of one asset, or undefined when the table does not hold it. */
export function assetPath(
  table: AssetTable | undefined,
  bundle: string,
  alias: string,
): string | undefined {
  return table?.[bundle]?.[alias]?.path;
}
