/** An origin postMessage can target: 'null' (sandboxed or file: parents) and junk are refused. */
function originOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The parent frame's origin, when the page can know it before the parent speaks: an explicit
 * `origin` query parameter (the host sets it, because a no-referrer policy, as helmet sends by
 * default, empties document.referrer), else the referrer's origin.
 */
export function knownParentOrigin(search: string, referrer: string): string | undefined {
  return originOf(new URLSearchParams(search).get('origin')) ?? originOf(referrer);
}
