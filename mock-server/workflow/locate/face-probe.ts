import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FEATURE_DEPTH, FEATURE_GRID, type CellProbe } from './animal-detector';
import type { UnitBox } from './head-probe';

// The face probe: two more linear reads of the detector's features, cell by cell, beside the head
// probe's (head-probe.ts): "an eye is here" and "the mouth is here" (logistic regressions, trained
// by npm run train:face-probe on the labelled photographs' eyes and mouths and their mirrors),
// weighed against where eyes and mouths lie in the heads found (the layout, learnt alongside). The
// eyes are the pair of eye-like cells in the head found that fits the layout best; the mouth its
// mouth-like cell that does; the roll the slope of the line through the eyes.

export const FACE_PROBE_FILE = new URL('./face-probe.json', import.meta.url);

const LinearRead = z.object({
  weights: z.array(z.number()).length(FEATURE_DEPTH),
  bias: z.number(),
});

/** Where a part of the face lies in the head found: a mean and spread across and down its box. */
const Spread = z.object({
  mean: z.tuple([z.number(), z.number()]),
  spread: z.tuple([z.number().positive(), z.number().positive()]),
});
export type Spread = z.infer<typeof Spread>;

/** Where the eyes and mouth lie in the heads the head probe finds, learnt with the probe. */
const FaceLayout = z.object({
  leftEye: Spread,
  rightEye: Spread,
  mouth: Spread,
  /** The eyes' distance apart in head widths. */
  eyesApart: z.object({ mean: z.number(), spread: z.number().positive() }),
});
export type FaceLayout = z.infer<typeof FaceLayout>;

const FaceProbeFile = z.object({
  about: z.string(),
  grid: z.literal(FEATURE_GRID),
  depth: z.literal(FEATURE_DEPTH),
  /** The logit that a cell holds an eye's centre (either eye). */
  eye: LinearRead,
  /** The logit that a cell holds the mouth's centre. */
  mouth: LinearRead,
  layout: FaceLayout,
  trainedOn: z.array(z.string()),
  measured: z.string(),
});
export type FaceProbeFile = z.infer<typeof FaceProbeFile>;

/** The probe's outputs for each cell, in this order. */
export const FACE_OUTPUTS = ['eye', 'mouth'] as const;

let file: FaceProbeFile | undefined;
function probeFile(): FaceProbeFile {
  file ??= FaceProbeFile.parse(JSON.parse(readFileSync(FACE_PROBE_FILE, 'utf8')));
  return file;
}

/** The probe shipped beside this file, read once: its outputs are FACE_OUTPUTS' reads, in order. */
export function faceProbe(): CellProbe {
  const { eye, mouth } = probeFile();
  return { weights: [eye.weights, mouth.weights], bias: [eye.bias, mouth.bias] };
}

/** Where the face's parts lie in a head found, as the shipped probe learnt it. */
export function faceLayout(): FaceLayout {
  return probeFile().layout;
}

/** A point in fractions of the picture (0..1). */
export interface UnitPoint {
  readonly x: number;
  readonly y: number;
}

export interface ProbedFace {
  /** The eyes found, the one further left first: the eye-like pair that fits the layout best (one in a head too small for two). */
  readonly eyes: readonly UnitPoint[];
  readonly mouth: UnitPoint;
  /**
   * The head's roll in degrees: the slope of the line from the left eye to the right one, as seen
   * (positive when the right eye is lower: the head leans to the right, clockwise), 0 beyond
   * MOST_ROLL. Undefined with one eye.
   */
  readonly roll?: number;
  /** The eye logit at the first eye, the second and the mouth logit (what the confidence is read from). */
  readonly logits: { readonly eye: number; readonly secondEye: number; readonly mouth: number };
}

/** The head's box is searched this much beyond its sides: eyes sit near a tight box's edge. */
const SEARCH_MARGIN = 0.15;
/** The eye pairs weighed are those of this many most eye-like cells in the head. */
const EYE_CANDIDATES = 40;
/**
 * How much the layout counts beside the probe's logits (a log-likelihood in logits' units):
 * measured by cross-validation on the learnt photos in the heads found (npm run train:face-probe),
 * eyes within a quarter of the head's width went from 63% (the probe's two most eye-like cells)
 * to 73% with the layout counted twice, and mouths from 47% to 52%; from 1.5 to 2.5, no change.
 */
const EYES_LAYOUT_WEIGHT = 2;
const MOUTH_LAYOUT_WEIGHT = 2;
/**
 * A roll steeper than this is read as level: cross-validated on the labelled photos, the found
 * eyes' slope beyond it was more often two wrong eyes than a tilted head (rolls within 15 degrees:
 * 54% taken as found, 86% with steeper ones read as level; every roll taken as level, 82%).
 */
const MOST_ROLL = 20;

/**
 * The face inside a head, from the probe's two outputs (FACE_OUTPUTS) over the FEATURE_GRID cells
 * of a picture of `width` x `height` (any unit: only their ratio counts), weighed against where a
 * face's parts lie in a head found (`layout`, learnt with the probe): the eyes are the pair of
 * eye-like cells that best fit the layout (each eye's place in the head, and how far apart they
 * are), the mouth the mouth-like cell that best fits its place.
 */
export function probedFace(
  cells: Float32Array,
  head: UnitBox,
  size: { readonly width: number; readonly height: number },
  layout: FaceLayout = faceLayout(),
): ProbedFace {
  const g = FEATURE_GRID;
  const eye = channel(cells, 0);
  const mouth = channel(cells, 1);
  const inHead: Cell[] = [];
  for (let j = 0; j < g; j++) {
    for (let i = 0; i < g; i++) {
      const { u, v } = inHeadUnits(centreOf(i, j), head);
      const inside = (t: number) => t >= -SEARCH_MARGIN && t <= 1 + SEARCH_MARGIN;
      if (inside(u) && inside(v)) inHead.push({ i, j, value: eye[j * g + i] ?? -Infinity });
    }
  }
  if (inHead.length === 0) inHead.push(nearestCell(head));
  const candidates = [...inHead].sort((a, b) => b.value - a.value).slice(0, EYE_CANDIDATES);
  const headWidth = Math.max(1e-6, head.w * size.width);
  const fit = (at: UnitPoint, where: Spread) => {
    const { u, v } = inHeadUnits(at, head);
    return logLikelihood(where, u, v);
  };
  let pair: { score: number; left: Cell; right?: Cell } = {
    score: -Infinity,
    left: candidates[0]!,
  };
  for (const left of candidates) {
    for (const right of candidates) {
      if (right.i <= left.i) continue;
      const [a, b] = [centreOf(left.i, left.j), centreOf(right.i, right.j)];
      const apart = Math.hypot((b.x - a.x) * size.width, (b.y - a.y) * size.height) / headWidth;
      const score =
        left.value +
        right.value +
        EYES_LAYOUT_WEIGHT * (fit(a, layout.leftEye) + fit(b, layout.rightEye)) -
        0.5 * ((apart - layout.eyesApart.mean) / layout.eyesApart.spread) ** 2;
      if (score > pair.score) pair = { score, left, right };
    }
  }
  const eyes = [refined(eye, pair.left)];
  if (pair.right) eyes.push(refined(eye, pair.right));
  const [left, right] = eyes;
  let mouthAt: Cell = inHead[0]!;
  let mouthScore = -Infinity;
  for (const cell of inHead) {
    const value = mouth[cell.j * g + cell.i] ?? -Infinity;
    const score = value + MOUTH_LAYOUT_WEIGHT * fit(centreOf(cell.i, cell.j), layout.mouth);
    if (score > mouthScore) [mouthAt, mouthScore] = [{ ...cell, value }, score];
  }
  const eyeLogits = [pair.left.value, pair.right?.value ?? -Infinity].sort((a, b) => b - a);
  return {
    eyes,
    mouth: refined(mouth, mouthAt),
    ...(left && right ? { roll: rollOf(left, right, size) } : {}),
    logits: { eye: eyeLogits[0]!, secondEye: eyeLogits[1]!, mouth: mouthAt.value },
  };
}

const centreOf = (i: number, j: number): UnitPoint => ({
  x: (i + 0.5) / FEATURE_GRID,
  y: (j + 0.5) / FEATURE_GRID,
});

/** A point in the head's box: 0 to 1 across it and down it. */
export function inHeadUnits(p: UnitPoint, head: UnitBox): { u: number; v: number } {
  return { u: (p.x - head.x) / head.w, v: (p.y - head.y) / head.h };
}

function nearestCell(head: UnitBox): Cell {
  const clamp = (t: number) =>
    Math.min(FEATURE_GRID - 1, Math.max(0, Math.floor(t * FEATURE_GRID)));
  return { i: clamp(head.x + head.w / 2), j: clamp(head.y + head.h / 2), value: -Infinity };
}

/** The log-likelihood (up to a constant) of a place in the head under an axis-aligned normal. */
function logLikelihood(where: Spread, u: number, v: number): number {
  const du = (u - where.mean[0]) / where.spread[0];
  const dv = (v - where.mean[1]) / where.spread[1];
  return -0.5 * (du * du + dv * dv);
}

function rollOf(
  left: UnitPoint,
  right: UnitPoint,
  size: { width: number; height: number },
): number {
  const slope =
    (Math.atan2((right.y - left.y) * size.height, (right.x - left.x) * size.width) * 180) / Math.PI;
  return Math.abs(slope) > MOST_ROLL ? 0 : slope;
}

interface Cell {
  readonly i: number;
  readonly j: number;
  readonly value: number;
}

/** The peak's place between cells: its 3x3 neighbours' centres weighted by their odds over its. */
function refined(values: Float32Array, peak: Cell): UnitPoint {
  const g = FEATURE_GRID;
  let [sx, sy, sum] = [0, 0, 0];
  for (let dj = -1; dj <= 1; dj++) {
    for (let di = -1; di <= 1; di++) {
      const [i, j] = [peak.i + di, peak.j + dj];
      if (i < 0 || j < 0 || i >= g || j >= g) continue;
      const weight = Math.exp(Math.min(0, (values[j * g + i] ?? -Infinity) - peak.value));
      sx += weight * (i + 0.5);
      sy += weight * (j + 0.5);
      sum += weight;
    }
  }
  return sum > 0
    ? { x: sx / sum / g, y: sy / sum / g }
    : { x: (peak.i + 0.5) / g, y: (peak.j + 0.5) / g };
}

function channel(cells: Float32Array, k: number): Float32Array {
  const outputs = FACE_OUTPUTS.length;
  const out = new Float32Array(cells.length / outputs);
  for (let i = 0; i < out.length; i++) out[i] = cells[i * outputs + k] ?? 0;
  return out;
}
