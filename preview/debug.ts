import type { BridgeOptions } from './bridge';

/**
 * Deliberate failures the host page asks for with ?debug, so the error forwarding can be watched
 * end to end. They run only for messages the bridge accepted: from the parent window and origin.
 */
export function debugHandlers(
  win: Window & typeof globalThis,
): NonNullable<BridgeOptions['debug']> {
  return {
    debugThrow: (message) => {
      const text = ('message' in message && message.message) || 'Test error thrown in the preview';
      // Thrown from a timer so nothing catches it: the browser reports it as an uncaught error.
      win.setTimeout(() => {
        throw new Error(text);
      }, 0);
    },
    debugConsoleError: (message) => {
      const text = ('message' in message && message.message) || 'Test console.error in the preview';
      win.console.error(text);
    },
    debugReject: (message) => {
      const text = ('message' in message && message.message) || 'Test rejection in the preview';
      void Promise.reject(new Error(text));
    },
  };
}

/**
 * Pointer lock needs a gesture inside the frame, which no message can give: with ?debug a double
 * click on the page asks for it (Escape releases it), so the host's lock indicator can be tried.
 */
export function lockPointerOnDoubleClick(doc: Document): void {
  doc.addEventListener('dblclick', () => {
    if (!doc.pointerLockElement) void doc.documentElement.requestPointerLock?.();
  });
}
