import { createRequire } from 'node:module';

// OpenCV's WebAssembly build as the npm package @techstark/opencv-js ships it (Apache-2.0; the
// wasm is inside its one JavaScript file, nothing is downloaded). Only the few calls the matte
// needs are typed here: the package's own type declarations are not in its published files.

export interface Mat {
  readonly rows: number;
  readonly cols: number;
  readonly data: Uint8Array;
  delete(): void;
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface OpenCv {
  readonly CV_8UC1: number;
  readonly CV_8UC3: number;
  readonly GC_INIT_WITH_MASK: number;
  readonly Mat: new () => Mat;
  readonly Rect: new (x: number, y: number, width: number, height: number) => Rect;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): Mat;
  grabCut(
    image: Mat,
    mask: Mat,
    rect: Rect,
    backgroundModel: Mat,
    foregroundModel: Mat,
    iterations: number,
    mode: number,
  ): void;
}

const require = createRequire(import.meta.url);
let loading: Promise<OpenCv> | undefined;

/** Starts OpenCV once per process (about half a second); later calls share it. */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= start().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function start(): Promise<OpenCv> {
  // The module is a "thenable" that answers itself: awaited or returned from an async function as
  // it is, the promise machinery calls its `then` for ever. It is ready once grabCut exists, and
  // its `then` goes before it is handed on.
  const module = require('@techstark/opencv-js') as OpenCv & {
    then?: unknown;
    onRuntimeInitialized?: () => void;
  };
  if (typeof module.grabCut !== 'function') {
    await new Promise<void>((resolve) => {
      module.onRuntimeInitialized = resolve;
    });
  }
  delete module.then;
  return module;
}

/** Runs `work` with the Mats it makes, and frees every one of them afterwards, also on a throw. */
export function withMats<T>(work: (keep: <M extends Mat>(mat: M) => M) => T): T {
  const made: Mat[] = [];
  try {
    return work((mat) => (made.push(mat), mat));
  } finally {
    for (const mat of made) mat.delete();
  }
}
