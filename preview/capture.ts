import type { Options } from 'html2canvas';
import { LIMITS } from '../domain/model/constants';
import { canvasColourConverter, rewriteDocumentColours } from './capture-colours';
import { guardCapture } from './capture-guard';
import { prepareStandIns } from './capture-stand-ins';
import { replaceSvgsWithImages } from './capture-svgs';

/**
 * A capture always answers within this: html2canvas gives each image up to 15 s
 * (LIMITS.previewImageTimeoutMs) and nothing else of it is bounded, so the editor gets an image or
 * a captureError 2 s after the slowest image could have loaded, whatever the page holds.
 */
export const CAPTURE_DEADLINE_MS = 17_000;

export type Render = (
  element: HTMLElement,
  options: Partial<Options>,
) => Promise<HTMLCanvasElement>;

export interface CaptureOptions {
  readonly window: Window;
  /** html2canvas, loaded on first use so the preview's first paint does not wait for it. */
  readonly render?: Render;
  readonly deadlineMs?: number;
}

const loadHtml2canvas: Render = async (element, options) => {
  const { default: html2canvas } = await import('html2canvas');
  return html2canvas(element, options);
};

/** Settles like `work`, or rejects once `ms` have passed, whichever comes first. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Capture timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function render(options: CaptureOptions): Promise<string> {
  const win = options.window;
  const scale = win.devicePixelRatio || 1;
  const standIns = await prepareStandIns(win.document, scale);
  const unguard = guardCapture(win.document, win.innerWidth, win.innerHeight);
  try {
    const canvas = await (options.render ?? loadHtml2canvas)(win.document.documentElement, {
      scale,
      imageTimeout: LIMITS.previewImageTimeoutMs,
      useCORS: true,
      logging: false,
      // What the frame shows: the viewport at its scroll position, so the PNG is frame x dpr.
      x: win.scrollX,
      y: win.scrollY,
      width: win.innerWidth,
      height: win.innerHeight,
      windowWidth: win.innerWidth,
      windowHeight: win.innerHeight,
      ignoreElements: standIns.ignores,
      onclone: (clone) => {
        standIns.fill(clone);
        replaceSvgsWithImages(clone);
        rewriteDocumentColours(clone, canvasColourConverter(clone));
      },
    });
    return canvas.toDataURL('image/png');
  } finally {
    unguard();
    standIns.restore();
  }
}

/** The page as the frame shows it, as a PNG data URL at devicePixelRatio scale (SPEC.md section 7). */
export function capturePage(options: CaptureOptions): Promise<string> {
  return withDeadline(render(options), options.deadlineMs ?? CAPTURE_DEADLINE_MS);
}
