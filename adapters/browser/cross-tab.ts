export interface TokenChanges {
  /** Another tab stored a new token (it signed in). */
  readonly onToken: (token: string) => void;
  /** Another tab removed the token (it signed out, or its token expired). */
  readonly onRemoved: () => void;
}

/**
 * Hears other tabs of this origin change the persisted token. The browser fires `storage` only in
 * the other tabs, never in the one that wrote, so a tab does not react to its own sign-in.
 */
export function watchTokenInOtherTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  key: string,
  changes: TokenChanges,
): () => void {
  const listener = (event: StorageEvent) => {
    // key null: another tab called localStorage.clear().
    if (event.key !== null && event.key !== key) return;
    if (event.newValue === event.oldValue && event.key !== null) return;
    if (event.key !== null && event.newValue) changes.onToken(event.newValue);
    else changes.onRemoved();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/**
 * Hears other tabs of this origin store a new value under `key` (or clear the storage): tabs share
 * the device's copy, so the listener can take it from there without asking the platform.
 */
export function watchKeyInOtherTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  key: string,
  onChange: () => void,
): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || (event.key === key && event.newValue !== event.oldValue)) onChange();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
