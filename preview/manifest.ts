import { z } from 'zod';
import type { AssetEntry, AssetTable } from '../domain/model/asset-table';
import { FORBIDDEN_KEYS } from './deep-merge';
import { withTimestamp } from './timestamp';

/** What a value is, in the words a person editing JSON would use. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value === '') return 'an empty string';
  return typeof value;
}

const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => `expected ${what}, received ${describe(issue.input)}`,
});

const nonEmptyString = z
  .string(expected('a non-empty string'))
  .min(1, expected('a non-empty string'));

// Assets keep every extra field (SPEC.md section 3): the editor may attach sizes, credits, anything.
const AssetSchema = z.looseObject(
  { alias: nonEmptyString, src: nonEmptyString },
  expected('an object'),
);

const BundleSchema = z.object(
  { name: nonEmptyString, assets: z.array(AssetSchema, expected('a list')).optional() },
  expected('an object'),
);

/** assets/manifest.json, exactly as SPEC.md section 5 states its rules. */
export const ManifestSchema = z.object(
  { bundles: z.array(BundleSchema, expected('a list')) },
  expected('an object'),
);
export type Manifest = z.infer<typeof ManifestSchema>;

export type ManifestResult =
  | { readonly ok: true; readonly manifest: Manifest }
  | { readonly ok: false; readonly violations: string[] };

/** 'bundles[2].assets[0].alias' for the path zod reports; 'manifest' for the document itself. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  }
  return text || 'manifest';
}

/** Checks a parsed manifest; each violation says where it is and what was found there. */
export function parseManifest(json: unknown): ManifestResult {
  const result = ManifestSchema.safeParse(json);
  if (result.success) return { ok: true, manifest: result.data };
  return {
    ok: false,
    violations: result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`),
  };
}

/**
 * The table the app reads media from: bundle name, then alias, to the asset's extra fields plus
 * its path. With a timestamp every path is stamped so an editor's fresh upload is not served stale.
 * A later bundle or alias of the same name wins, as a later line of a config file would.
 */
export function buildAssetTable(manifest: Manifest, timestamp?: string): AssetTable {
  const table: Record<string, Record<string, AssetEntry>> = {};
  for (const bundle of manifest.bundles) {
    const entries = Object.hasOwn(table, bundle.name) ? table[bundle.name]! : {};
    for (const { alias, src, ...extra } of bundle.assets ?? []) {
      const path = timestamp === undefined ? src : withTimestamp(src, timestamp);
      const fields = Object.entries(extra).filter(([key]) => !FORBIDDEN_KEYS.has(key));
      Object.defineProperty(entries, alias, {
        value: { ...Object.fromEntries(fields), path },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    // defineProperty, not assignment: a bundle or alias named __proto__ must stay a plain key.
    Object.defineProperty(table, bundle.name, {
      value: entries,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return table;
}
