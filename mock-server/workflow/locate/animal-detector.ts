import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';

// CenterNet (MobileNetV3 backbone, trained on COCO) as the @vladmandic/human npm package (MIT)
// converted it: its two model files are kept beside this file (centernet/, with that package's
// licence), not the 42 MB package. Run on TensorFlow.js's WebAssembly backend: nothing is
// downloaded at run time.

/**
 * The detector's input: a square RGB picture of this side (the photo is stretched to it). The model
 * was converted for 512 px; it is fully convolutional but for three upsampling sizes, which are set
 * for this side when it loads. The locator looks twice (the photo and its mirror image), and two
 * looks at 320 px cost about what one at 384 px did. Cross-validated on the 63 labelled photographs
 * with both looks, 256 px found 101 heads of 126, 288 px 101, 320 px 107 and 384 px 105.
 */
export const DETECTOR_SIZE = 320;
/** The model's size as converted, and how many input pixels one cell of its heat map covers. */
const CONVERTED_SIZE = 512;
const STRIDE = 4;
const CLASSES = 80;

/** A detection in fractions of the picture (0..1), with the COCO label and the detector's score. */
export interface Detection {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly score: number;
  readonly label: string;
}

// COCO's 80 labels in the model's class order; only the animals matter here.
const ANIMAL_CLASSES: ReadonlyMap<number, string> = new Map([
  [14, 'bird'],
  [15, 'cat'],
  [16, 'dog'],
  [17, 'horse'],
  [18, 'sheep'],
  [19, 'cow'],
  [20, 'elephant'],
  [21, 'bear'],
  [22, 'zebra'],
  [23, 'giraffe'],
  [77, 'teddy bear'],
]);

const require = createRequire(import.meta.url);
let loading: Promise<GraphModel> | undefined;

/** Loads the model once per process; later calls share it. */
export function loadAnimalDetector(): Promise<GraphModel> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<GraphModel> {
  const wasmDir = path.dirname(
    require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
  );
  setWasmPaths(`${wasmDir}${path.sep}`);
  if (tf.getBackend() !== 'wasm') {
    if (!(await tf.setBackend('wasm')))
      throw new Error('The TensorFlow.js WebAssembly backend did not start');
  }
  await tf.ready();
  const modelDir = fileURLToPath(new URL('./centernet/', import.meta.url));
  const json = JSON.parse(
    await readFile(path.join(modelDir, 'centernet.json'), 'utf8'),
  ) as ModelJson;
  resizeInput(json, DETECTOR_SIZE);
  const weights = await Promise.all(
    json.weightsManifest.flatMap((group) =>
      group.paths.map((file) => readFile(path.join(modelDir, file))),
    ),
  );
  const weightData = Buffer.concat(weights);
  const model = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer.slice(
        weightData.byteOffset,
        weightData.byteOffset + weightData.byteLength,
      ),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
    }),
  );
  // The feature pyramid's three upsamplings have their output sizes as constants (32, 64, 128 for
  // 512 px); they scale with the input.
  const weightMap = (model as unknown as { executor: { weightMap: Record<string, tf.Tensor[]> } })
    .executor.weightMap;
  for (const name of UPSAMPLE_SIZES) {
    const [size] = weightMap[name] ?? [];
    if (!size) throw new Error(`The detector has no constant ${name}`);
    const side = Math.round(((size.dataSync()[0] ?? 0) * DETECTOR_SIZE) / CONVERTED_SIZE);
    size.dispose();
    weightMap[name] = [tf.keep(tf.tensor1d([side, side], 'int32'))];
  }
  return model;
}

const UPSAMPLE_SIZES = [
  'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul',
  'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul',
  'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul',
];

function resizeInput(json: ModelJson, side: number): void {
  const dim = [{ size: '1' }, { size: String(side) }, { size: String(side) }, { size: '3' }];
  for (const node of json.modelTopology.node) {
    if (node.op === 'Placeholder' && node.attr?.shape?.shape) node.attr.shape.shape.dim = dim;
  }
  delete json.signature;
}

interface ModelJson {
  readonly modelTopology: {
    node: { op: string; attr?: { shape?: { shape?: { dim: { size: string }[] } } } }[];
  };
  signature?: object;
  readonly weightsManifest: readonly { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
  readonly format?: string;
  readonly generatedBy?: string;
  readonly convertedBy?: string | null;
}

/**
 * The detector's inner features the head probe reads (see head-probe.ts): the head's last layer
 * before its outputs (stride 4) and two coarser ones of the feature pyramid (strides 8 and 16),
 * each resized to FEATURE_GRID x FEATURE_GRID cells and stacked, 576 numbers a cell.
 */
const FEATURE_NODES = [
  'tower_0/CenternetHead/mul',
  'tower_0/CenternetHead/Relu_1',
  'tower_0/CenternetHead/Relu',
];
export const FEATURE_GRID = 48;
export const FEATURE_DEPTH = 576;

/** Linear reads of each cell's features: output k = features . weights[k] + bias[k]. */
export interface CellProbe {
  readonly weights: readonly (readonly number[])[];
  readonly bias: readonly number[];
}

export interface Sight {
  /** The animals seen, best first (see detectAnimals). */
  readonly detections: Detection[];
  /** FEATURE_GRID x FEATURE_GRID cells, row by row: the probe's outputs, or all the features. */
  readonly cells: Float32Array;
  /** With `mirrorToo`, the same over the picture's mirror image (cells as the mirror has them). */
  readonly mirrorCells?: Float32Array;
}

/**
 * One pass of the detector over a DETECTOR_SIZE square RGB picture (3 bytes a pixel): the animals
 * it sees and, per cell of its feature grid, the probe's outputs, or without a probe the features
 * themselves (FEATURE_DEPTH per cell, for training the probe). With `mirrorToo` the picture's
 * mirror image goes through the layers the features come from as well, not the detector's outputs
 * (10 to 20% cheaper than a whole second pass, and than a batch of two); the animals are those of
 * the picture as given.
 */
export async function lookAt(
  rgb: Uint8Array,
  probe?: CellProbe,
  { minScore = 0.04, mirrorToo = false }: { minScore?: number; mirrorToo?: boolean } = {},
): Promise<Sight> {
  const model = await loadAnimalDetector();
  const kept: tf.Tensor[] = [];
  const keep = <T extends tf.Tensor>(t: T): T => (kept.push(t), t);
  try {
    const picture = keep(tf.tensor4d(Float32Array.from(rgb), [1, DETECTOR_SIZE, DETECTOR_SIZE, 3]));
    const read = probe && {
      weights: keep(tf.tensor2d(probe.weights.map((w) => [...w]))),
      bias: keep(tf.tensor1d([...probe.bias])),
    };
    const cellsOf = (inner: tf.Tensor[]) =>
      keep(
        tf.tidy(() => {
          const stacked = tf.concat(
            inner.map((t) =>
              tf.image.resizeBilinear(t as tf.Tensor4D, [FEATURE_GRID, FEATURE_GRID]),
            ),
            3,
          );
          const features = tf.reshape(stacked, [FEATURE_GRID * FEATURE_GRID, FEATURE_DEPTH]);
          return read
            ? tf.add(tf.matMul(features, read.weights, false, true), read.bias)
            : features;
        }),
      );
    const [heat, sides, ...inner] = (
      model.execute(picture, ['tower_0/mul_1', 'tower_0/mul', ...FEATURE_NODES]) as tf.Tensor[]
    ).map(keep);
    if (!heat || !sides) throw new Error('The detector gave no heat map');
    const cells = cellsOf(inner);
    const mirrorCells =
      mirrorToo &&
      cellsOf(
        (model.execute(keep(tf.reverse(picture, 2)), FEATURE_NODES) as tf.Tensor[]).map(keep),
      );
    const detections = decode(
      (await heat.data()) as Float32Array,
      (await sides.data()) as Float32Array,
      heat.shape[2] ?? 0,
      minScore,
    );
    return {
      detections,
      cells: (await cells.data()) as Float32Array,
      ...(mirrorCells ? { mirrorCells: (await mirrorCells.data()) as Float32Array } : {}),
    };
  } finally {
    tf.dispose(kept);
  }
}

/**
 * The animals the detector sees, best first. Boxes the model reports under several labels are
 * merged and their scores added, since an unusual animal (a lizard, a pika) is often split
 * between 'bird', 'bear' and 'sheep'.
 */
function decode(
  scores: Float32Array,
  distances: Float32Array,
  cells: number,
  minScore: number,
): Detection[] {
  const raw: Detection[] = [];
  for (let cell = 0; cell * CLASSES < scores.length; cell++) {
    for (const [cls, label] of ANIMAL_CLASSES) {
      const score = scores[cell * CLASSES + cls] ?? 0;
      if (!(score >= minScore)) continue;
      const cx = (cell % cells) * STRIDE;
      const cy = Math.floor(cell / cells) * STRIDE;
      const d = cell * 4;
      const x1 = cx - (distances[d] ?? 0);
      const y1 = cy - (distances[d + 1] ?? 0);
      const x2 = cx + (distances[d + 2] ?? 0);
      const y2 = cy + (distances[d + 3] ?? 0);
      const x = clamp01(x1 / DETECTOR_SIZE);
      const y = clamp01(y1 / DETECTOR_SIZE);
      const w = clamp01(x2 / DETECTOR_SIZE) - x;
      const h = clamp01(y2 / DETECTOR_SIZE) - y;
      if (w > 0.01 && h > 0.01) raw.push({ x, y, w, h, score, label });
    }
  }
  return mergeOverlapping(raw);
}

function mergeOverlapping(detections: readonly Detection[]): Detection[] {
  const merged: Detection[] = [];
  for (const d of [...detections].sort((a, b) => b.score - a.score)) {
    const index = merged.findIndex((m) => iou(m, d) > 0.7);
    const same = merged[index];
    // The union: one of the boxes often stops short of the ears.
    if (same)
      merged[index] = {
        ...union(same, d),
        label: same.label,
        score: Math.min(1, same.score + d.score),
      };
    else merged.push(d);
  }
  return merged.sort((a, b) => b.score - a.score);
}

function union(a: Detection, b: Detection): Omit<Detection, 'label' | 'score'> {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

export function iou(a: Detection, b: Detection): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}
