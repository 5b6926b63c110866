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
