// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { installBridge, type BridgeOptions } from './bridge';
import type { PreviewMessage } from './messages';

const EDITOR = 'http://editor.test';
type PreviewWindow = Window & typeof globalThis;

// Two real windows: jsdom's iframes do not make the test window their parent, so the editor is a
// frame of its own and the bridge is told which window is its parent.
let frames: HTMLIFrameElement[];
let editor: Window;
let preview: PreviewWindow;
let uninstall: () => void = () => undefined;
let postToParent: MockInstance<Window['postMessage']>;

function newWindow(): Window {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  return frame.contentWindow!;
}

beforeEach(() => {
  frames = [];
  editor = newWindow();
  preview = newWindow() as PreviewWindow;
  postToParent = vi.spyOn(editor, 'postMessage').mockImplementation(() => undefined);
  vi.spyOn(preview.console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  uninstall();
  uninstall = () => undefined;
  frames.forEach((frame) => frame.remove());
  vi.restoreAllMocks();
});

function install(options: Partial<BridgeOptions> = {}) {
  const capture = vi.fn(async () => 'data:image/png;base64,AAAA');
  uninstall = installBridge({
    window: preview,
    parent: editor,
    parentOrigin: EDITOR,
    capture,
    ...options,
  });
  return capture;
}

function fromParent(data: unknown, origin = EDITOR, source: Window = editor) {
  preview.dispatchEvent(new preview.MessageEvent('message', { data, origin, source }));
}

const posted = () =>
  postToParent.mock.calls.map(([message, target]) => ({
    message: message as PreviewMessage,
    target: target as unknown as string,
  }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('installBridge: what the preview tells its parent', () => {
  it('forwards an uncaught error with message, line, column, file and stack', () => {
    install();
    const error = new Error('boom');
    preview.dispatchEvent(
      new preview.ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        lineno: 12,
        colno: 7,
        filename: 'http://editor.test/preview/main.js',
        error,
      }),
    );
    expect(posted()).toEqual([
      {
        message: {
          type: 'consoleError',
          message: 'Uncaught Error: boom',
          line: 12,
          column: 7,
          file: 'http://editor.test/preview/main.js',
          stack: error.stack,
        },
        target: EDITOR,
      },
    ]);
  });

  it('forwards an unhandled rejection as a consoleError', () => {
    install();
    const reason = new Error('lost promise');
    preview.dispatchEvent(Object.assign(new preview.Event('unhandledrejection'), { reason }));
    expect(posted()[0]?.message).toMatchObject({
      type: 'consoleError',
      message: 'Unhandled promise rejection: lost promise',
      stack: reason.stack,
    });
  });

  it('forwards every console.error with the prefix and still writes it to the console', () => {
    const original = preview.console.error;
    install();
    preview.console.error('Failed to load', { id: 3 });
    expect(original).toHaveBeenCalledWith('Failed to load', { id: 3 });
    expect(posted()).toEqual([
      {
        message: expect.objectContaining({
          type: 'consoleError',
          message: 'console.error: Failed to load {"id":3}',
        }),
        target: EDITOR,
      },
    ]);
  });

  it('blanks out tokens in what it forwards, queued messages included', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJl';
    install({ parentOrigin: undefined });
    preview.console.error('Could not open', `/subscribe?access_token=${token}&plan=pro`);
    preview.dispatchEvent(
      Object.assign(new preview.Event('unhandledrejection'), {
        reason: new Error(`GET /?accessToken=${token} failed`),
      }),
    );
    fromParent({ type: 'captureRequest' });
    await settle();
    preview.dispatchEvent(
      new preview.ErrorEvent('error', { message: `Uncaught ${token}`, error: new Error(token) }),
    );
    const sent = JSON.stringify(posted());
    expect(sent).not.toContain('eyJ');
    expect(posted().map(({ message }) => message)).toContainEqual(
      expect.objectContaining({
        message: 'console.error: Could not open /subscribe?access_token=[redacted]&plan=pro',
      }),
    );
    expect(sent).toContain('Unhandled promise rejection: GET /?accessToken=[redacted] failed');
    expect(sent).toContain('Uncaught [redacted]');
  });

  it('gives console.error back when uninstalled', () => {
    const original = preview.console.error;
    install();
    uninstall();
    expect(preview.console.error).toBe(original);
    preview.console.error('after');
    expect(postToParent).not.toHaveBeenCalled();
  });

  it('reports pointer-lock changes', () => {
    install();
    let locked: Element | null = preview.document.body;
    Object.defineProperty(preview.document, 'pointerLockElement', { get: () => locked });
    preview.document.dispatchEvent(new preview.Event('pointerlockchange'));
    locked = null;
    preview.document.dispatchEvent(new preview.Event('pointerlockchange'));
    expect(posted()).toEqual([
      { message: { type: 'pointerLockChange', isLocked: true }, target: EDITOR },
      { message: { type: 'pointerLockChange', isLocked: false }, target: EDITOR },
    ]);
  });

  it('does nothing when the page is not framed', () => {
    const logError = preview.console.error;
    uninstall = installBridge({ window: preview, parent: preview, capture: vi.fn() });
    expect(preview.console.error).toBe(logError);
  });
});

describe('installBridge: capture requests', () => {
  it('answers a capture request from the parent with the PNG, posted to the parent origin', async () => {
    const capture = install();
    fromParent({ type: 'captureRequest' });
    await settle();
    expect(capture).toHaveBeenCalledOnce();
    expect(posted()).toEqual([
      {
        message: { type: 'captureResponse', imageData: 'data:image/png;base64,AAAA' },
        target: EDITOR,
      },
    ]);
  });

  it('answers a failed capture with captureError and logs Error capturing game:', async () => {
    const failure = 'Unable to find element in cloned iframe';
    const logged = vi.mocked(preview.console.error);
    install({ capture: () => Promise.reject(failure) });
    fromParent({ type: 'captureRequest' });
    await settle();
    expect(logged).toHaveBeenCalledWith('Error capturing game:', failure);
    expect(posted()).toContainEqual({
      message: { type: 'captureError', error: failure },
      target: EDITOR,
    });
  });

  it('ignores a capture request from another origin', async () => {
    const capture = install();
    fromParent({ type: 'captureRequest' }, 'http://evil.test');
    await settle();
    expect(capture).not.toHaveBeenCalled();
    expect(postToParent).not.toHaveBeenCalled();
  });

  it('ignores a capture request from a window other than the parent, even with the right origin', async () => {
    const capture = install();
    fromParent({ type: 'captureRequest' }, EDITOR, newWindow());
    await settle();
    expect(capture).not.toHaveBeenCalled();
  });

  it('shares one capture between requests that arrive while it runs', async () => {
    const capture = install();
    fromParent({ type: 'captureRequest' });
    fromParent({ type: 'captureRequest' });
    await settle();
    expect(capture).toHaveBeenCalledOnce();
    expect(posted().filter(({ message }) => message.type === 'captureResponse')).toHaveLength(2);
  });
});

describe('installBridge: an unknown parent origin', () => {
  it('holds messages until the parent speaks, then replies to its origin only', async () => {
    install({ parentOrigin: undefined });
    preview.console.error('early');
    expect(postToParent).not.toHaveBeenCalled();
    fromParent({ type: 'captureRequest' }, 'http://learnt.test');
    await settle();
    expect(posted().map(({ target }) => target)).toEqual([
      'http://learnt.test',
      'http://learnt.test',
    ]);
    expect(posted()[0]?.message).toMatchObject({ message: 'console.error: early' });
    fromParent({ type: 'captureRequest' }, 'http://other.test');
    await settle();
    expect(postToParent).toHaveBeenCalledTimes(2);
  });

  it('learns nothing from a window other than the parent', async () => {
    const capture = install({ parentOrigin: undefined });
    fromParent({ type: 'captureRequest' }, 'http://evil.test', newWindow());
    await settle();
    expect(capture).not.toHaveBeenCalled();
    expect(postToParent).not.toHaveBeenCalled();
  });
});

describe('installBridge: debug messages', () => {
  it('runs a debug handler only when the page was given them', () => {
    install();
    fromParent({ type: 'debugConsoleError', message: 'x' });
    expect(postToParent).not.toHaveBeenCalled();
    uninstall();
    const debugConsoleError = vi.fn();
    install({ debug: { debugConsoleError } });
    fromParent({ type: 'debugConsoleError', message: 'x' }, 'http://evil.test');
    expect(debugConsoleError).not.toHaveBeenCalled();
    fromParent({ type: 'debugConsoleError', message: 'x' });
    expect(debugConsoleError).toHaveBeenCalledWith({ type: 'debugConsoleError', message: 'x' });
  });
});
