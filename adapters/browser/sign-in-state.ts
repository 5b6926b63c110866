/** Where this tab keeps the state nonce of the sign-in it started (per tab, gone with the tab). */
const KEY = 'pawloween-sign-in-state';

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(win: { sessionStorage?: TabStorage }): TabStorage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined; // storage blocked (sandboxed frame): no nonce, so every return is asked about
  }
}

/** Remembers the nonce of a sign-in this tab starts now. */
export function rememberSignInState(win: { sessionStorage?: TabStorage }, state: string): void {
  try {
    tabStorage(win)?.setItem(KEY, state);
  } catch {
    // full or blocked: the return will be asked about instead of accepted
  }
}

/** True once for the state of the sign-in this tab started; the nonce is used up either way. */
export function isRequestedSignIn(
  win: { sessionStorage?: TabStorage },
  state: string | undefined,
): boolean {
  const storage = tabStorage(win);
  const expected = storage?.getItem(KEY);
  if (expected === null || expected === undefined) return false;
  storage?.removeItem(KEY);
  return state !== undefined && state === expected;
}

/** Where this tab keeps the place in history of the page before the app, across a sign-in. */
const PAGE_BEFORE_KEY = 'pawloween-page-before';

/** Remembers, before the window goes to the sign-in page, the history index of the page before the app. */
export function rememberPageBefore(win: { sessionStorage?: TabStorage }, index: number): void {
  try {
    tabStorage(win)?.setItem(PAGE_BEFORE_KEY, String(index));
  } catch {
    // full or blocked: Back from the app then steps back one entry at a time
  }
}

/** The index rememberPageBefore kept, once (it is used up either way). */
export function takePageBefore(win: { sessionStorage?: TabStorage }): number | undefined {
  try {
    const storage = tabStorage(win);
    const kept = storage?.getItem(PAGE_BEFORE_KEY);
    storage?.removeItem(PAGE_BEFORE_KEY);
    const index = Number(kept ?? Number.NaN);
    return Number.isInteger(index) ? index : undefined;
  } catch {
    return undefined;
  }
}
