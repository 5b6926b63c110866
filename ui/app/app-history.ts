import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  isInFrame,
  rememberPageBefore,
  takePageBefore,
} from '../../adapters/browser/browser.container';
import type { AppView } from '../features/shell/components/shell-props';

/**
 * The signed-in app's place in the browser's history. SPEC.md has no URL routes, so the address
 * never changes: the view and the open layers (viewer, sheet, dialog) live in history.state, which
 * Back and Forward move through and a reload keeps (DESIGN.md "Decisions where SPEC.md is silent").
 *
 * The app never moves through history itself when a layer is closed from the page (a button,
 * Escape): it marks the entry closed in place (replaceState). A closed entry shows what the entry
 * behind it shows, the next layer or view opened takes it over, and a Back or Forward that would
 * change nothing on screen (it landed on such an entry, or left one for its twin) goes on one more
 * step in the same direction. So a Back pressed in the same moment as a close cannot meet a Back
 * of the app's own and go to the wrong entry.
 */
export interface AppEntry {
  /** Undefined on an entry a layer wrote outside the signed-in app (the landing page's dialogs). */
  readonly view?: AppView;
  /** The layers open on this entry, innermost last: each one's key, or `@name=value` (named). */
  readonly layers: readonly string[];
  /** One of the two entries behind the app's first: landing on it by Back means leaving the app. */
  readonly guard?: boolean;
  /** On a guard: the steps from the first guard back to the page before the app, if there is one. */
  readonly leave?: number;
  /** A layer on it was closed from the page: the next layer or view opened replaces this entry. */
  readonly closed?: boolean;
  /** Its place in the history (the first guard is 0): tells a Back from a Forward. */
  readonly at?: number;
}

const KEY = 'pawloween';

/**
 * Inside a frame (the embedded preview) the app's entries would join the host page's history and
 * its guard would trap the host's Back: there the views are switched by state alone, as they are
 * when the build prerenders the signed-in skeleton (no window).
 */
const framed = (): boolean => typeof window === 'undefined' || isInFrame(window);

/** The entry in the current history state written by this module, or undefined. */
function read(state: unknown = window.history.state): AppEntry | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const entry = (state as Record<string, unknown>)[KEY] as Partial<AppEntry> | undefined;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const view = entry.view === 'create' || entry.view === 'gallery' ? entry.view : undefined;
  return {
    view,
    layers: Array.isArray(entry.layers)
      ? entry.layers.filter((layer): layer is string => typeof layer === 'string')
      : [],
    guard: entry.guard === true || undefined,
    closed: entry.closed === true || undefined,
    at: typeof entry.at === 'number' ? entry.at : undefined,
    leave: typeof entry.leave === 'number' && entry.leave > 0 ? entry.leave : undefined,
  };
}

/** The app's entry in the current history state, or undefined when the entry is not the app's. */
export function currentEntry(): AppEntry | undefined {
  const entry = read();
  return entry?.view ? entry : undefined;
}

/** The entry the page shows now (kept in step with every write and every Back or Forward). */
let shown: AppEntry | undefined;

function write(method: 'pushState' | 'replaceState', entry: AppEntry): void {
  const state: unknown = window.history.state;
  // Other keys of the state (someone else's) are kept; the address is left as it is.
  const others = typeof state === 'object' && state !== null ? state : {};
  const next: AppEntry =
    method === 'pushState'
      ? { ...entry, closed: undefined, at: (read()?.at ?? 0) + 1 }
      : { ...entry, at: entry.at ?? read()?.at };
  window.history[method]({ ...others, [KEY]: next }, '');
  shown = next;
}

/** A new entry after the current one, or the current one in its place when it is a closed one. */
function open(entry: AppEntry): void {
  if (read()?.closed) write('replaceState', { ...entry, closed: undefined });
  else write('pushState', entry);
}

/** Marks `layer` closed on the current entry, if it is there (it is not after a Back closed it). */
function closeLayer(layer: string): void {
  const entry = read();
  if (!entry?.layers.includes(layer)) return;
  write('replaceState', {
    ...entry,
    layers: entry.layers.filter((k) => k !== layer),
    closed: true,
  });
}

const NAMED = '@';
const namedKey = (name: string, value: string) => `${NAMED}${name}=${value}`;
const namedValue = (entry: AppEntry | undefined, name: string): string | undefined => {
  const prefix = `${NAMED}${name}=`;
  return entry?.layers.find((layer) => layer.startsWith(prefix))?.slice(prefix.length);
};

/** The open layers with a history entry, by key: each closes itself when Back takes it away. */
const owners = new Map<string, () => void>();
/** The named layers (useHistoryLayer) on show, by name: each follows the entry it lands on. */
const named = new Map<string, (value: string | undefined) => void>();
/** The layers that take Back (useBackHeld), by key. */
const held = new Set<string>();
const isHeldAway = (key: string, before: AppEntry, now: AppEntry | undefined) =>
  before.layers.includes(key) && !now?.layers.includes(key);
/** The view hook, while the signed-in app is mounted. */
let showView: ((view: AppView) => void) | undefined;

/** What an entry puts on screen: its view and those of its layers that can still be shown. */
const display = (entry: AppEntry | undefined): string =>
  `${entry?.view ?? ''}|${(entry?.layers ?? [])
    .filter((layer) => layer.startsWith(NAMED) || owners.has(layer))
    .join(',')}`;

function onPop(): void {
  const before = shown;
  const now = read();
  shown = now;
  if (showView && before && [...held].some((key) => isHeldAway(key, before, now))) {
    // A layer that takes Back (the progress overlay) was stepped away from: its entry comes
    // straight back, and nothing on screen changes.
    write('pushState', before);
    return;
  }
  if (showView && now?.guard && before && (before.at ?? 0) > (now.at ?? 0) && now.leave) {
    // Back from the app's first entry: on to the page before the app, past the sign-in page.
    return leaveApp(now.at ?? 0, now.leave);
  }
  if (showView && (!now?.view || now.guard)) {
    // Back with no page before the app, or Forward onto a guard: it steps forward onto Create
    // again, with the second guard entry again if it landed on the first.
    if ((now?.at ?? 0) === 0) write('pushState', { ...GUARD, leave: now?.leave });
    write('pushState', { view: 'create', layers: [] });
  } else if (showView && before && display(before) === display(now)) {
    // Nothing would change: a closed entry, or the twin of one just left. One more step.
    window.history.go((now?.at ?? 0) > (before.at ?? 0) ? 1 : -1);
    return;
  }
  const landed = shown;
  showView?.(landed?.view ?? 'create');
  for (const [layer, close] of [...owners]) if (!landed?.layers.includes(layer)) close();
  for (const [name, follow] of named) follow(namedValue(landed, name));
}

/** From a guard, Back goes on to the page before the app in one step. */
function leaveApp(at: number, leave: number): void {
  // Forward back into the app (this document kept) then arrives as from before the app.
  shown = undefined;
  window.history.go(-(at + leave));
}

/**
 * The steps from a freshly opened app's first entry (the newest of the tab's history) back to the
 * page before the app: past the sign-in page when the app comes back from one (startSignIn
 * remembered where the page before was), else one. Undefined when nothing is before the app.
 */
function stepsToPageBefore(): number | undefined {
  const first = window.history.length - 1;
  const before = takePageBefore(window) ?? first - 1;
  return before >= 0 && before < first ? first - before : undefined;
}

/**
 * As the window leaves for the sign-in page: remembers where the page before this document is,
 * so that Back from the signed-in app it comes back to goes there and not to the sign-in page.
 */
export function rememberPageBeforeApp(win: {
  history?: Pick<History, 'length' | 'state'>;
  sessionStorage?: Storage;
}): void {
  if (!win.history) return;
  rememberPageBefore(win, win.history.length - 2 - (read(win.history.state)?.at ?? 0));
}

/** A document loaded by Back onto one of its entries (after a reload, the others load afresh). */
function loadedByBack(): boolean {
  const { activation } =
    (window as { navigation?: { activation?: NavigationActivation | null } }).navigation ?? {};
  if (activation?.navigationType !== 'traverse' || !activation.from) return false;
  return activation.from.index > activation.entry.index;
}

/** A guard entry: behind the app's first, it shows Create and means "about to leave". */
const GUARD: AppEntry = { view: 'create', layers: [], guard: true };

let listening = false;
function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('popstate', onPop);
}

/**
 * The app's view, mirrored in history: a new view is a new entry, Back and Forward switch views,
 * a reload comes back on the view it left. Two guard entries lie behind the first one: Back landing
 * on one goes on, in one step, to the page before the app, past the sign-in page the app may have
 * come back from (or, with nothing before the app, steps forward onto Create again). Two, because
 * a second Back pressed before the page has answered the first (a quick double press) goes on
 * from the first guard: with one it went to the page before the app's document (the sign-in page).
 */
export function useHistoryView(): [AppView, (view: AppView) => void] {
  const [view, setView] = useState<AppView>(() =>
    framed() ? 'create' : (currentEntry()?.view ?? 'create'),
  );
  useEffect(() => {
    if (framed()) return;
    listen();
    const entry = read();
    if (!entry?.view) {
      const leave = stepsToPageBefore();
      write('replaceState', { ...GUARD, at: 0, leave });
      write('pushState', { ...GUARD, leave });
    }
    if (entry?.guard && entry.leave && loadedByBack()) leaveApp(entry.at ?? 0, entry.leave);
    else if (!entry?.view || entry.guard) write('pushState', { view: 'create', layers: [] });
    else {
      // After a reload the named layers (the viewer) open again; the others are gone.
      const kept = entry.layers.filter((layer) => layer.startsWith(NAMED));
      if (kept.length < entry.layers.length)
        write('replaceState', { ...entry, layers: kept, closed: true });
      else shown = entry;
    }
    showView = setView;
    return () => {
      if (showView === setView) showView = undefined;
    };
  }, []);
  const go = useCallback((next: AppView) => {
    if (framed()) return setView(next);
    const entry = currentEntry();
    if (entry?.view !== next || entry.layers.length > 0) open({ view: next, layers: [] });
    setView(next);
  }, []);
  return [view, go];
}

/**
 * While `open`, the layer has its own history entry, so Back closes it (calls `close`) before
 * anything else happens; closed from the page (a button, Escape), its entry is marked closed.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const key = useId();
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    if (!open || framed()) return;
    listen();
    addLayer(key);
    owners.set(key, () => onClose.current());
    return () => {
      owners.delete(key);
      // StrictMode's unmount-and-mount again takes the closed entry over again: the same entry.
      closeLayer(key);
    };
  }, [open, key]);
}

/**
 * While mounted (the progress overlay during a run), the layer takes Back: its history entry comes
 * straight back when Back steps away from it, so the view under it stays. Unmounted, its entry is
 * marked closed as a layer closed from the page is.
 */
export function useBackHeld(): void {
  const key = useId();
  useEffect(() => {
    if (framed()) return;
    listen();
    addLayer(key);
    held.add(key);
    return () => {
      held.delete(key);
      closeLayer(key);
    };
  }, [key]);
}

function addLayer(layer: string): void {
  const entry = read() ?? { view: showView ? 'create' : undefined, layers: [] };
  if (!entry.layers.includes(layer)) open({ ...entry, layers: [...entry.layers, layer] });
}

/**
 * A layer whose value (the viewer's item) lives in the history entry: Back closes it, Forward
 * opens it again on the same value, and a reload keeps it. Setting undefined closes it from the
 * page (the entry is marked closed), a new value while open replaces the entry's.
 */
export function useHistoryLayer(name: string): [string | undefined, (value?: string) => void] {
  const [value, setValue] = useState<string | undefined>(() =>
    framed() ? undefined : namedValue(currentEntry(), name),
  );
  useEffect(() => {
    if (framed()) return;
    listen();
    named.set(name, setValue);
    return () => {
      if (named.get(name) === setValue) named.delete(name);
    };
  }, [name]);
  const set = useCallback(
    (next?: string) => {
      setValue(next);
      if (framed()) return;
      const entry = read();
      const was = namedValue(entry, name);
      if (was === next) return;
      if (was !== undefined && next === undefined) return closeLayer(namedKey(name, was));
      if (was !== undefined && entry && next !== undefined) {
        const layers = entry.layers.map((l) =>
          l === namedKey(name, was) ? namedKey(name, next) : l,
        );
        return write('replaceState', { ...entry, layers });
      }
      if (next !== undefined) addLayer(namedKey(name, next));
    },
    [name],
  );
  return [value, set];
}

/**
 * A sheet or dialog whose being open lives in the history entry (a named layer of one value): Back
 * closes it and Forward opens it again, as the viewer does. Its Dialog is `keptInHistory`.
 */
export function useHistoryOpen(name: string): [boolean, (open: boolean) => void] {
  const [value, set] = useHistoryLayer(name);
  const setOpen = useCallback((open: boolean) => set(open ? 'open' : undefined), [set]);
  return [value !== undefined, setOpen];
}
