import type { LocalStoragePort } from '../ports/storage.port';

/** How two writers' edits of one value compose: the edits that turned base into mine, onto theirs. */
export type Merge<T> = (base: T, mine: T, theirs: T) => T;

/** Whole values: mine when this device changed anything, else theirs (last writer wins). */
export function keepMineIfChanged<T>(base: T, mine: T, theirs: T): T {
  return JSON.stringify(base) === JSON.stringify(mine) ? theirs : mine;
}

/**
 * Edits this device made for `owner` that the platform may not have yet: the local value is `base`
 * plus those edits. Kept beside the value under '<key>:pending' so that a reload during a write
 * pushes them instead of letting the older remote copy win.
 */
export interface PendingEdits<T> {
  readonly owner: string;
  readonly base: T;
}

export const pendingKey = (key: string) => `${key}:pending`;

/** The marker stored for key, or undefined when absent or unreadable (then nothing is pending). */
export function readPending<T>(
  local: LocalStoragePort,
  key: string,
  accept: (value: unknown) => T | undefined,
): PendingEdits<T> | undefined {
  const raw = local.getItem(pendingKey(key));
  if (raw === undefined) return undefined;
  try {
    const { owner, base } = JSON.parse(raw) as { owner?: unknown; base?: unknown };
    const accepted = accept(base);
    if (typeof owner === 'string' && accepted !== undefined) return { owner, base: accepted };
  } catch {
    // Unreadable: treated as absent below.
  }
  local.removeItem(pendingKey(key));
  return undefined;
}

/** Stores, or (undefined) removes, the marker. */
export function writePending<T>(
  local: LocalStoragePort,
  key: string,
  pending: PendingEdits<T> | undefined,
): void {
  if (pending === undefined) local.removeItem(pendingKey(key));
  else local.setItem(pendingKey(key), JSON.stringify(pending));
}
