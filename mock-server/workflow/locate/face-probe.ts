import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FEATURE_DEPTH, FEATURE_GRID, type CellProbe } from './animal-detector';
import type { UnitBox } from './head-probe';

// The face probe: two more linear reads of the detector's features, cell by cell, beside the head
// probe's (head-probe.ts): "an eye is here" and "the mouth is here" (logistic regressions, trained
// by npm run train:face-probe on the labelled photographs' eyes and mouths and their mirrors). The
// eyes are the two most eye-like cells inside the head found, apart from each other; the mouth its
// most mouth-like cell; the roll the slope of the line through the eyes.

export const FACE_PROBE_FILE = new URL('./face-probe.json', import.meta.url);

const LinearRead = z.object({
  weights: z.array(z.number()).length(FEATURE_DEPTH),
  bias: z.number(),
});

const FaceProbeFile = z.object({
  about: z.string(),
  grid: z.literal(FEATURE_GRID),
  depth: z.literal(FEATURE_DEPTH),
  /** The logit that a cell holds an eye's centre (either eye). */
  eye: LinearRead,
  /** The logit that a cell holds the mouth's centre. */
  mouth: LinearRead,
  trainedOn: z.array(z.string()),
  measured: z.string(),
});
export type FaceProbeFile = z.infer<typeof FaceProbeFile>;

/** The probe's outputs for each cell, in this order. */
export const FACE_OUTPUTS = ['eye', 'mouth'] as const;

let probe: CellProbe | undefined;

/** The probe shipped beside this file, read once: its outputs are FACE_OUTPUTS' reads, in order. */
export function faceProbe(): CellProbe {
  if (!probe) {
    const file = FaceProbeFile.parse(JSON.parse(readFileSync(FACE_PROBE_FILE, 'utf8')));
    probe = {
      weights: [file.eye.weights, file.mouth.weights],
      bias: [file.eye.bias, file.mouth.bias],
    };
  }
  return probe;
}

/** A point in fractions of the picture (0..1). */
export interface UnitPoint {
  readonly x: number;
  readonly y: number;
}

export interface ProbedFace {
  /** The eyes found, the one further left first: the two most eye-like spots apart (one in a head too small for two). */
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
const SEARCH_MARGIN = 0.1;
/** The second eye is this far from the first at least, in head widths. */
const EYES_APART = 0.3;
/**
 * A roll steeper than this is read as level: cross-validated on the labelled photos, the found
 * eyes' slope beyond it was more often two wrong eyes than a tilted head (rolls within 15 degrees:
 * 54% taken as found, 86% with steeper ones read as level; every roll taken as level, 82%).
 */
const MOST_ROLL = 20;

/**
 * The face inside a head, from the probe's two outputs (FACE_OUTPUTS) over the FEATURE_GRID cells
 * of a picture of `width` x `height` (any unit: only their ratio counts).
 */
export function probedFace(
  cells: Float32Array,
  head: UnitBox,
  size: { readonly width: number; readonly height: number },
): ProbedFace {
  const g = FEATURE_GRID;
  const eye = channel(cells, 0);
  const mouth = channel(cells, 1);
  const inHead = (i: number, j: number) => {
    const x = (i + 0.5) / g;
    const y = (j + 0.5) / g;
    return (
      x >= head.x - head.w * SEARCH_MARGIN &&
      x <= head.x + head.w * (1 + SEARCH_MARGIN) &&
      y >= head.y - head.h * SEARCH_MARGIN &&
      y <= head.y + head.h * (1 + SEARCH_MARGIN)
    );
  };
  const headWidth = Math.max(1e-6, head.w * size.width);
  const first = peakCell(eye, inHead);
  const apart = (i: number, j: number) =>
    Math.hypot(((i - first.i) / g) * size.width, ((j - first.j) / g) * size.height) / headWidth >
    EYES_APART;
  const second = peakCell(eye, (i, j) => inHead(i, j) && apart(i, j));
  const eyes = [refined(eye, first)];
  if (Number.isFinite(second.value)) eyes.push(refined(eye, second));
  eyes.sort((a, b) => a.x - b.x);
  const [left, right] = eyes;
  const mouthPeak = peakCell(mouth, inHead);
  return {
    eyes,
    mouth: refined(mouth, mouthPeak),
    ...(left && right ? { roll: rollOf(left, right, size) } : {}),
    logits: { eye: first.value, secondEye: second.value, mouth: mouthPeak.value },
  };
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

function peakCell(values: Float32Array, allowed: (i: number, j: number) => boolean): Cell {
  const g = FEATURE_GRID;
  let best: Cell = { i: Math.floor(g / 2), j: Math.floor(g / 2), value: -Infinity };
  for (let j = 0; j < g; j++) {
    for (let i = 0; i < g; i++) {
      const value = values[j * g + i] ?? -Infinity;
      if (value > best.value && allowed(i, j)) best = { i, j, value };
    }
  }
  return best;
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
