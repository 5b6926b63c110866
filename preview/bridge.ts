import { scrubMessage } from './bridge-scrub';
import { fromConsoleError, fromErrorEvent, fromRejection } from './error-report';
import { isHostMessage, type HostMessage, type PreviewMessage } from './messages';

export interface BridgeOptions {
  /** The preview's own window: its errors, console and pointer lock are what gets reported. */
  readonly window: Window & typeof globalThis;
  /** The frame to talk to; window.parent unless a test hands in another. */
  readonly parent?: Window;
  /** The parent's origin when known up front (see knownParentOrigin); else learnt from its first message. */
  readonly parentOrigin?: string;
  /** Renders the page to a PNG data URL. */
  readonly capture: () => Promise<string>;
  /** Handlers for the debug messages, given only when the page runs with ?debug. */
  readonly debug?: Partial<Record<HostMessage['type'], (message: HostMessage) => void>>;
}

/** Messages posted before the parent's origin is known wait here, up to this many. */
const QUEUE_LIMIT = 50;

/**
 * Connects the preview to the editor framing it (SPEC.md section 7): forwards uncaught errors and
 * every console.error, reports pointer-lock changes and answers capture requests. Messages count
 * only when they come from the parent window and its origin; replies go to that origin, never '*'.
 * Whatever it posts has its tokens blanked out first (bridge-scrub.ts).
 * Returns a function that undoes it all.
 */
export function installBridge(options: BridgeOptions): () => void {
  const win = options.window;
  const parent = options.parent ?? win.parent;
  if (parent === win) return () => undefined;
  let origin = options.parentOrigin;
  const queue: PreviewMessage[] = [];
  let capturing: Promise<string> | undefined;

  const post = (unscrubbed: PreviewMessage): void => {
    // The parent is another party: no token the page wrote into an error ever reaches it.
    const message = scrubMessage(unscrubbed);
    if (origin === undefined) {
      if (queue.length < QUEUE_LIMIT) queue.push(message);
      return;
    }
    try {
      parent.postMessage(message, origin);
    } catch {
      // A parent that navigated away or an unclonable value: nothing left to tell.
    }
  };

  const onMessage = (event: MessageEvent): void => {
    if (event.source !== parent) return;
    if (origin !== undefined && event.origin !== origin) return;
    if (origin === undefined) {
      if (!event.origin || event.origin === 'null') return;
      origin = event.origin;
      queue.splice(0).forEach(post);
    }
    const data: unknown = event.data;
    if (!isHostMessage(data)) return;
    if (data.type === 'captureRequest') {
      capturing ??= options.capture().finally(() => (capturing = undefined));
      capturing.then(
        (imageData) => post({ type: 'captureResponse', imageData }),
        (error: unknown) => {
          win.console.error('Error capturing game:', error);
          post({
            type: 'captureError',
            error: error instanceof Error ? error.message : String(error),
          });
        },
      );
      return;
    }
    options.debug?.[data.type]?.(data);
  };

  const onError = (event: ErrorEvent): void => post(fromErrorEvent(event));
  const onRejection = (event: PromiseRejectionEvent): void => post(fromRejection(event.reason));
  const onPointerLock = (): void =>
    post({ type: 'pointerLockChange', isLocked: win.document.pointerLockElement != null });

  const console = win.console;
  const originalError = console.error;
  let forwarding = false;
  // Wrapped, not replaced: the page's own devtools still show every error as before.
  console.error = (...args: unknown[]): void => {
    originalError.apply(console, args);
    if (forwarding) return;
    forwarding = true;
    try {
      post(fromConsoleError(args));
    } finally {
      forwarding = false;
    }
  };

  win.addEventListener('message', onMessage);
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.document.addEventListener('pointerlockchange', onPointerLock);
  return () => {
    console.error = originalError;
    win.removeEventListener('message', onMessage);
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
    win.document.removeEventListener('pointerlockchange', onPointerLock);
  };
}
