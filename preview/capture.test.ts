// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Options } from 'html2canvas';
import { installBridge } from './bridge';
import { CAPTURE_DEADLINE_MS, capturePage, type Render } from './capture';

type PreviewWindow = Window & typeof globalThis;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function fakeCanvas(): HTMLCanvasElement {
  return { toDataURL: vi.fn(() => PNG) } as unknown as HTMLCanvasElement;
}

const hang: Render = () => new Promise<HTMLCanvasElement>(() => undefined);

beforeEach(() => {
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('capturePage', () => {
  it('renders the viewport at devicePixelRatio with the 15000 ms image timeout', async () => {
    vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(2);
    let received: Partial<Options> | undefined;
    const render: Render = async (element, options) => {
      expect(element).toBe(document.documentElement);
      received = options;
      return fakeCanvas();
    };
    await expect(capturePage({ window, render })).resolves.toBe(PNG);
    expect(received).toMatchObject({
      scale: 2,
      imageTimeout: 15_000,
      x: window.scrollX,
      y: window.scrollY,
      width: window.innerWidth,
      height: window.innerHeight,
    });
  });

  it('gives up after 17 s when the render never finishes', async () => {
    vi.useFakeTimers();
    const outcome = capturePage({ window, render: hang }).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(CAPTURE_DEADLINE_MS - 1);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Capture timed out after 17000 ms');
    expect(CAPTURE_DEADLINE_MS).toBe(17_000);
  });

  it('answers the parent with captureError within 17 s whatever the page holds', async () => {
    vi.useFakeTimers();
    const editorFrame = document.createElement('iframe');
    const previewFrame = document.createElement('iframe');
    document.body.append(editorFrame, previewFrame);
    const editor = editorFrame.contentWindow!;
    const preview = previewFrame.contentWindow as PreviewWindow;
    const posted = vi.spyOn(editor, 'postMessage').mockImplementation(() => undefined);
    vi.spyOn(preview.console, 'error').mockImplementation(() => undefined);
    const stop = installBridge({
      window: preview,
      parent: editor,
      parentOrigin: 'http://editor.test',
      capture: () => capturePage({ window: preview, render: hang }),
    });
    preview.dispatchEvent(
      new preview.MessageEvent('message', {
        data: { type: 'captureRequest' },
        origin: 'http://editor.test',
        source: editor,
      }),
    );
    await vi.advanceTimersByTimeAsync(CAPTURE_DEADLINE_MS);
    stop();
    expect(posted).toHaveBeenCalledWith(
      { type: 'captureError', error: 'Capture timed out after 17000 ms' },
      'http://editor.test',
    );
  });

  it('leaves videos and iframes out of the clone and puts stand-ins where they were', async () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<main><video class="clip" poster="/media/landing/poster-1.png"></video>' +
      '<iframe class="pricing" src="about:blank"></iframe><p>after</p></main>';
    const video = document.querySelector('video')!;
    const frame = document.querySelector('iframe')!;
    let clone: Document | undefined;
    const render: Render = async (_, options) => {
      expect(options.ignoreElements?.(video)).toBe(true);
      expect(options.ignoreElements?.(frame)).toBe(true);
      expect(options.ignoreElements?.(document.querySelector('p')!)).toBe(false);
      // What html2canvas builds: the page without the ignored elements.
      clone = document.implementation.createHTMLDocument();
      clone.body.innerHTML = document.body.innerHTML;
      clone.querySelectorAll('video, iframe').forEach((element) => element.remove());
      options.onclone?.(clone, clone.documentElement);
      return fakeCanvas();
    };
    const done = capturePage({ window, render });
    // The poster never loads in jsdom: its address is handed to html2canvas after the wait.
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(done).resolves.toBe(PNG);
    const main = clone!.querySelector('main')!;
    expect([...main.children].map((child) => child.tagName)).toEqual(['IMG', 'DIV', 'P']);
    expect(main.querySelector('img')!.src).toBe(
      new URL('/media/landing/poster-1.png', location.href).href,
    );
    expect(document.querySelectorAll('template').length).toBe(0);
  });

  it('takes its markers out of the page when the render fails', async () => {
    document.body.innerHTML = '<iframe src="about:blank"></iframe>';
    const render: Render = async () => {
      expect(document.querySelectorAll('template[data-capture-slot]').length).toBe(1);
      throw new Error('Unable to calculate background-size for element');
    };
    await expect(capturePage({ window, render })).rejects.toThrow('background-size');
    expect(document.querySelectorAll('template').length).toBe(0);
  });
});

describe('capture guard rules', () => {
  it('hold html2canvas helpers to their sizes during the capture only', async () => {
    let during = '';
    const render: Render = async () => {
      const sheets = [...document.querySelectorAll('style')].map((style) => style.textContent);
      const adopted = [...(document.adoptedStyleSheets ?? [])].flatMap((sheet) =>
        [...sheet.cssRules].map((rule) => rule.cssText),
      );
      during = [...sheets, ...adopted].join('\n');
      return fakeCanvas();
    };
    const before =
      document.querySelectorAll('style').length + (document.adoptedStyleSheets?.length ?? 0);
    await capturePage({ window, render });
    expect(during).toContain('iframe.html2canvas-container');
    expect(during).toContain(`width: ${window.innerWidth}px !important`);
    expect(during).toContain('img[src="data:image/gif;base64,');
    const after =
      [...document.querySelectorAll('style')].length + (document.adoptedStyleSheets?.length ?? 0);
    expect(after).toBe(before);
  });
});
