/** The cache-busting timestamp of one preview load (SPEC.md section 4 "Preview startup"). */
export interface PreviewTimestamp {
  /** Sent as ?t= with data.json and assets/manifest.json: the query's t, or the current time. */
  readonly value: string;
  /** True when the page address carried t: only then are asset paths stamped too. */
  readonly fromQuery: boolean;
}

export function readTimestamp(search: string, now: () => number): PreviewTimestamp {
  const t = new URLSearchParams(search).get('t');
  return t ? { value: t, fromQuery: true } : { value: String(now()), fromQuery: false };
}

/**
 * Appends t to a URL as ?t= (or &t= when it already has a query), before any #fragment.
 * data: and blob: URLs carry their content, not an address a cache could hold, so they stay as they are.
 */
export function withTimestamp(url: string, t: string): string {
  if (/^(data|blob):/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}t=${encodeURIComponent(t)}${hash}`;
}
