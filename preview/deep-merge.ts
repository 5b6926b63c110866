/** Keys that would reach Object.prototype through a merge: data.json is input, never trusted. */
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A value a merge walks into: an object literal, not an array, a date or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  return typeof value;
}

export interface MergeReport {
  /** Dotted paths of overrides dropped because their kind differs from the default's. */
  readonly mismatched: string[];
  /** Dotted paths of keys dropped because they could pollute prototypes. */
  readonly forbidden: string[];
}

/**
 * Merges `override` into a copy of `base`: objects merge key by key, arrays and primitives replace.
 * An override whose kind differs from the default it replaces (a string where the app expects an
 * object, say) is dropped and reported, so a bad data.json cannot hand the app a broken config.
 */
export function deepMerge<T>(
  base: T,
  override: unknown,
  report: MergeReport = { mismatched: [], forbidden: [] },
  path = '',
): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) {
      report.forbidden.push(at);
      continue;
    }
    const current = Object.hasOwn(base, key) ? base[key] : undefined;
    if (current !== undefined && kind(current) !== kind(value)) {
      report.mismatched.push(at);
    } else if (isPlainObject(current)) {
      merged[key] = deepMerge(current, value, report, at);
    } else {
      merged[key] = copy(value, report, at);
    }
  }
  return merged as T;
}

/** A deep copy without forbidden keys, so new subtrees are as safe as merged ones. */
function copy(value: unknown, report: MergeReport, path: string): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => copy(item, report, `${path}[${index}]`));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) report.forbidden.push(`${path}.${key}`);
    else result[key] = copy(item, report, `${path}.${key}`);
  }
  return result;
}
