/** Messages the preview posts to its parent frame (SPEC.md section 7). */
export type PreviewMessage =
  | ConsoleErrorMessage
  | { readonly type: 'captureResponse'; readonly imageData: string }
  | { readonly type: 'captureError'; readonly error: string }
  | { readonly type: 'pointerLockChange'; readonly isLocked: boolean };

export interface ConsoleErrorMessage {
  readonly type: 'consoleError';
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly file?: string;
  readonly stack?: string;
}

/** Messages the parent may send: a capture, or (only with ?debug) a deliberate failure to test with. */
export type HostMessage =
  | { readonly type: 'captureRequest' }
  | { readonly type: 'debugThrow'; readonly message?: string }
  | { readonly type: 'debugConsoleError'; readonly message?: string }
  | { readonly type: 'debugReject'; readonly message?: string };

export function isHostMessage(data: unknown): data is HostMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, message } = data as { type?: unknown; message?: unknown };
  const knownType =
    type === 'captureRequest' ||
    type === 'debugThrow' ||
    type === 'debugConsoleError' ||
    type === 'debugReject';
  return knownType && (message === undefined || typeof message === 'string');
}

export function isPreviewMessage(data: unknown): data is PreviewMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'consoleError':
      return typeof message.message === 'string';
    case 'captureResponse':
      return typeof message.imageData === 'string';
    case 'captureError':
      return typeof message.error === 'string';
    case 'pointerLockChange':
      return typeof message.isLocked === 'boolean';
    default:
      return false;
  }
}
