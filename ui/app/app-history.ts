import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { isInFrame } from '../../adapters/browser/browser.container';
import type { AppView } from '../features/shell/components/shell-props';

/**
 * The signed-in app's place in the browser's history. SPEC.md has no URL routes, so the address
 * never changes: the view and the open layers (viewer, sheet, dialog) live in history.state, which
 * Back and Forward move through and a reload keeps (DESIGN.md "Decisions where SPEC.md is silent").
 */
export interface AppEntry {
  readonly view: AppView;
  /** The layers open on this entry, innermost last (each one's key). */
  readonly layers: readonly string[];
  /** The entry behind the app's first one: landing on it means Back was about to leave the app. */
  readonly guard?: boolean;
}

const KEY = 'pawloween';

/**
 * Inside a frame (the embedded preview) the app's entries would join the host page's history and
 * its guard would trap the host's Back: there the views are switched by state alone.
 */
const framed = (): boolean => isInFrame(window);

/** The app's entry in the current history state, or undefined when the entry is not the app's. */
export function currentEntry(): AppEntry | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return undefined;
  const entry = (state as Record<string, unknown>)[KEY] as Partial<AppEntry> | undefined;
  if (entry?.view !== 'create' && entry?.view !== 'gallery') return undefined;
  return {
    view: entry.view,
    layers: Array.isArray(entry.layers) ? entry.layers : [],
    guard: entry.guard,
  };
}

function write(method: 'pushState' | 'replaceState', entry: AppEntry): void {
  const state: unknown = window.history.state;
  // Other keys of the state (someone else's) are kept; the address is left as it is.
  const others = typeof state === 'object' && state !== null ? state : {};
  window.history[method]({ ...others, [KEY]: entry }, '');
}

/**
 * The app's view, mirrored in history: a new view is a new entry, Back and Forward switch views,
 * a reload comes back on the view it left. A guard entry behind the first one keeps Back from
 * leaving the signed-in app: landing on it, the app steps forward onto Create again.
 */
export function useHistoryView(): [AppView, (view: AppView) => void] {
  const [view, setView] = useState<AppView>(() =>
    framed() ? 'create' : (currentEntry()?.view ?? 'create'),
  );
  useEffect(() => {
    if (framed()) return;
    const entry = currentEntry();
    if (!entry) write('replaceState', { view: 'create', layers: [], guard: true });
    if (!entry || entry.guard) write('pushState', { view: 'create', layers: [] });
    // After a reload nothing is open: the entry says so.
    else if (entry.layers.length > 0) write('replaceState', { ...entry, layers: [] });
    const onPop = () => {
      const now = currentEntry();
      if (!now || now.guard) write('pushState', { view: 'create', layers: [] });
      setView(now && !now.guard ? now.view : 'create');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = useCallback((next: AppView) => {
    if (framed()) return setView(next);
    if (currentEntry()?.view !== next || (currentEntry()?.layers.length ?? 0) > 0)
      write('pushState', { view: next, layers: [] });
    setView(next);
  }, []);
  return [view, go];
}

/** Layers closed from the page whose history entry is about to go (see useBackCloses). */
const releasing = new Map<string, ReturnType<typeof setTimeout>>();

// A page being left (reload, another address) drops its entries with it: a Back taken now would
// cancel that navigation.
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/**
 * While `open`, the layer has its own history entry, so Back closes it (calls `close`) before
 * anything else happens, and closing it from the page (a button, Escape) takes that entry away
 * again. The release waits a task, so StrictMode's unmount-and-mount again keeps the same entry.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const key = useId();
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    if (!open || framed()) return;
    const pending = releasing.get(key);
    if (pending !== undefined) {
      clearTimeout(pending);
      releasing.delete(key);
    } else {
      const entry = currentEntry() ?? { view: 'create', layers: [] };
      if (!entry.layers.includes(key))
        write('pushState', { view: entry.view, layers: [...entry.layers, key] });
    }
    const onPop = () => {
      if (!currentEntry()?.layers.includes(key)) onClose.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      releasing.set(
        key,
        setTimeout(() => {
          releasing.delete(key);
          const entry = currentEntry();
          if (leaving || !entry?.layers.includes(key)) return;
          if (entry.layers.at(-1) === key) window.history.back();
          else write('replaceState', { ...entry, layers: entry.layers.filter((k) => k !== key) });
        }, 0),
      );
    };
  }, [open, key]);
}
