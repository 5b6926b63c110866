/** A popup's size in CSS pixels (SPEC.md section 9: 800x700, the auth popup 600x700). */
export interface PopupSize {
  readonly width: number;
  readonly height: number;
}

/** The slice of window this module uses. */
export type PopupHost = Pick<Window, 'open'> &
  Partial<Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>>;

/** window.open features for a popup of `size`, centred over the current window. */
export function popupFeatures(host: PopupHost, size: PopupSize): string {
  const left = Math.max(
    0,
    (host.screenX ?? 0) + ((host.outerWidth ?? size.width) - size.width) / 2,
  );
  const top = Math.max(
    0,
    (host.screenY ?? 0) + ((host.outerHeight ?? size.height) - size.height) / 2,
  );
  return [
    'popup=yes',
    `width=${size.width}`,
    `height=${size.height}`,
    `left=${Math.round(left)}`,
    `top=${Math.round(top)}`,
  ].join(',');
}

/**
 * Opens url in a named popup. Undefined when the browser blocked it (window.open answered null,
 * or a window that is already closed), so the caller can fall back.
 */
export function openPopup(
  host: PopupHost,
  url: string,
  name: string,
  size: PopupSize,
): Window | undefined {
  let popup: Window | null;
  try {
    popup = host.open(url, name, popupFeatures(host, size));
  } catch {
    return undefined;
  }
  if (!popup || popup.closed) return undefined;
  return popup;
}

/** True inside an iframe; a cross-origin parent that refuses the comparison counts as a frame. */
export function isInFrame(win: Pick<Window, 'self' | 'top'>): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

export interface WatchOptions {
  /** How often to look whether the window was closed. */
  readonly pollMs: number;
  /** After this long the window is closed for the user (a checkout left open forever). */
  readonly maxMs?: number;
  /** Called once, when the window is found closed or was force-closed. */
  readonly onClosed: () => void;
}

/**
 * Polls a window we opened until it closes (cross-origin pages give no close event we can hear).
 * Returns the stop function; stopping does not close the window.
 */
export function watchWindow(popup: Pick<Window, 'closed' | 'close'>, options: WatchOptions) {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(poll);
    if (deadline !== undefined) clearTimeout(deadline);
    options.onClosed();
  };
  const poll = setInterval(() => {
    if (popup.closed) finish();
  }, options.pollMs);
  const deadline =
    options.maxMs === undefined
      ? undefined
      : setTimeout(() => {
          try {
            popup.close();
          } finally {
            finish();
          }
        }, options.maxMs);
  return () => {
    done = true;
    clearInterval(poll);
    if (deadline !== undefined) clearTimeout(deadline);
  };
}
