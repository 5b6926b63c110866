import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FEATURE_DEPTH, FEATURE_GRID, type CellProbe } from './animal-detector';

// The head probe: two linear reads of the detector's own features, cell by cell: "this is an
// animal's head" (a logistic regression) and "a head here is this big" (least squares). The
// detector (CenterNet on COCO) was trained to find whole animals, and its features already tell
// eyes, snouts and ears from fur and feathers. Both are trained on the labelled photographs and
// their mirrors (npm run train:head-probe, which cross-validates first, by photo, and records the
// figure in head-probe.json's "measured"). Measured before it was chosen: the silhouette vote
// alone found 7 of the 18 heads it had not been tuned on; the probe, cross-validated, about 3 of 4,
// and read over the photo and its mirror (lookedBothWays) about 5 of 6.

export const HEAD_PROBE_FILE = new URL('./head-probe.json', import.meta.url);

const LinearRead = z.object({
  weights: z.array(z.number()).length(FEATURE_DEPTH),
  bias: z.number(),
});
export type LinearRead = z.infer<typeof LinearRead>;

const HeadProbeFile = z.object({
  about: z.string(),
  grid: z.literal(FEATURE_GRID),
  depth: z.literal(FEATURE_DEPTH),
  /** The logit that a cell is part of an animal's head. */
  head: LinearRead,
  /** The log of the head's size (the geometric mean of its sides over the picture's). */
  size: LinearRead,
  /** The logit that a cell is part of the animal (its outline's inside): the cut-out's prior. */
  pet: LinearRead,
  trainedOn: z.array(z.string()),
  measured: z.string(),
});
export type HeadProbeFile = z.infer<typeof HeadProbeFile>;

let probe: CellProbe | undefined;

/** The probe's outputs for each cell, in this order. */
const OUTPUTS = ['head', 'size', 'pet'] as const;
type Output = (typeof OUTPUTS)[number];

/** The probe shipped beside this file, read once: its outputs are OUTPUTS' reads, in order. */
export function headProbe(): CellProbe {
  if (!probe) {
    const file = HeadProbeFile.parse(JSON.parse(readFileSync(HEAD_PROBE_FILE, 'utf8')));
    probe = asCellProbe(file);
  }
  return probe;
}

export function asCellProbe(reads: Readonly<Record<Output, LinearRead>>): CellProbe {
  return {
    weights: OUTPUTS.map((output) => reads[output].weights),
    bias: OUTPUTS.map((output) => reads[output].bias),
  };
}

/** Of each cell, the chance that it is part of the animal, from the probe's outputs. */
export function petChances(cells: Float32Array): Float32Array {
  return channel(cells, 'pet').map((logit) => 1 / (1 + Math.exp(-logit)));
}

/** A box in fractions of the picture (0..1). */
export interface UnitBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface ProbedHead extends UnitBox {
  /** The probe's logit at the head's most head-like cell (smoothed over its neighbours). */
  readonly logit: number;
  /** That cell's centre, in fractions of the picture. */
  readonly peak: { readonly x: number; readonly y: number };
}

/** How far the animal's box is searched beyond its sides: boxes often stop short of the ears. */
const SEARCH_MARGIN = 0.15;
/** Cells within this many logits of the peak, joined to it, make up the head's region. */
const REGION_DROP = 2;
/**
 * The box is this much larger than the size read: room for ears and tufts the labels include.
 * Cross-validated with both looks, 1, 1.15 and 1.3 found 103, 105 and 107 heads of 126, in boxes
 * whose area was over 3 times the labelled head's for 6, 13 and 26 of them (hats far too wide):
 * 1.15 is the balance.
 */
const HEAD_ROOM = 1.15;
/**
 * The region may grow the box to this many times the size read, no more: on a face filling the
 * frame nearly every cell is head-like, and a hat as wide as the photo sits on nothing. (Cross-
 * validated, limits of 1.3 and 1.6 found 71 heads of 98 alike; without one, 70.)
 */
const REGION_LIMIT = 1.3;

/**
 * The head, from the probe's two outputs over the FEATURE_GRID cells of a picture of this aspect
 * (width / height), searched inside the animal's box: the most head-like cell, and around it a
 * box of the size the probe reads there, grown to the region of cells nearly as head-like.
 */
export function probedHead(cells: Float32Array, animal: UnitBox, aspect: number): ProbedHead {
  const g = FEATURE_GRID;
  const logits = channel(cells, 'head');
  const smooth = smoothed(logits, g);
  const search = {
    x0: animal.x - animal.w * SEARCH_MARGIN,
    y0: animal.y - animal.h * SEARCH_MARGIN,
    x1: animal.x + animal.w * (1 + SEARCH_MARGIN),
    y1: animal.y + animal.h * (1 + SEARCH_MARGIN),
  };
  let best = -Infinity;
  let peakI = Math.floor(g / 2);
  let peakJ = Math.floor(g / 2);
  for (let j = 0; j < g; j++) {
    const cy = (j + 0.5) / g;
    if (cy < search.y0 || cy > search.y1) continue;
    for (let i = 0; i < g; i++) {
      const cx = (i + 0.5) / g;
      if (cx < search.x0 || cx > search.x1) continue;
      const value = smooth[j * g + i] ?? -Infinity;
      if (value > best) {
        best = value;
        peakI = i;
        peakJ = j;
      }
    }
  }
  const peak = { x: (peakI + 0.5) / g, y: (peakJ + 0.5) / g };
  // The size read at the peak, as a geometric mean of the sides over the picture's: a square of
  // side s pixels in a W x H picture is s/W wide and s/H high in fractions.
  const size = HEAD_ROOM * Math.exp(smoothed(channel(cells, 'size'), g)[peakJ * g + peakI] ?? -2);
  const sized = {
    x: peak.x - size / Math.sqrt(aspect) / 2,
    y: peak.y - (size * Math.sqrt(aspect)) / 2,
    w: size / Math.sqrt(aspect),
    h: size * Math.sqrt(aspect),
  };
  const region = regionAround(smooth, g, peakI, peakJ, best - REGION_DROP);
  return { ...clampUnit(within(unionOf(region, sized), sized, REGION_LIMIT)), logit: best, peak };
}

/**
 * The probe's outputs over a picture and over its mirror image, averaged cell by cell (the
 * mirror's cells turned back first): the head is then found alike in a photo and in its mirror,
 * and a cell's read is steadier. Cross-validated on the 63 labelled photographs at 384 px, one
 * look found 98 heads of 126 and both looks 105.
 */
export function lookedBothWays(cells: Float32Array, mirrorCells: Float32Array): Float32Array {
  const g = FEATURE_GRID;
  const outputs = cells.length / (g * g);
  const out = new Float32Array(cells.length);
  for (let j = 0; j < g; j++) {
    for (let i = 0; i < g; i++) {
      const own = (j * g + i) * outputs;
      const turned = (j * g + (g - 1 - i)) * outputs;
      for (let k = 0; k < outputs; k++) {
        out[own + k] = ((cells[own + k] ?? 0) + (mirrorCells[turned + k] ?? 0)) / 2;
      }
    }
  }
  return out;
}

/** One output of the probe, from cells holding all of OUTPUTS each. */
function channel(cells: Float32Array, output: Output): Float32Array {
  const k = OUTPUTS.indexOf(output);
  const out = new Float32Array(cells.length / OUTPUTS.length);
  for (let i = 0; i < out.length; i++) out[i] = cells[i * OUTPUTS.length + k] ?? 0;
  return out;
}

function smoothed(logits: Float32Array, g: number): Float32Array {
  const out = new Float32Array(g * g);
  for (let j = 0; j < g; j++) {
    for (let i = 0; i < g; i++) {
      let sum = 0;
      let count = 0;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= g || jj >= g) continue;
          sum += logits[jj * g + ii] ?? 0;
          count++;
        }
      }
      out[j * g + i] = sum / count;
    }
  }
  return out;
}

/** The bounding box of the cells joined to (i, j) whose value is at least the bar. */
function regionAround(values: Float32Array, g: number, i: number, j: number, bar: number): UnitBox {
  const seen = new Uint8Array(g * g);
  const stack: [number, number][] = [[i, j]];
  seen[j * g + i] = 1;
  let x0 = i;
  let x1 = i;
  let y0 = j;
  let y1 = j;
  for (let cell = stack.pop(); cell; cell = stack.pop()) {
    const [ci, cj] = cell;
    x0 = Math.min(x0, ci);
    x1 = Math.max(x1, ci);
    y0 = Math.min(y0, cj);
    y1 = Math.max(y1, cj);
    for (const [ni, nj] of [
      [ci + 1, cj],
      [ci - 1, cj],
      [ci, cj + 1],
      [ci, cj - 1],
    ] as const) {
      if (ni < 0 || nj < 0 || ni >= g || nj >= g || seen[nj * g + ni]) continue;
      seen[nj * g + ni] = 1;
      if ((values[nj * g + ni] ?? -Infinity) >= bar) stack.push([ni, nj]);
    }
  }
  return { x: x0 / g, y: y0 / g, w: (x1 - x0 + 1) / g, h: (y1 - y0 + 1) / g };
}

/** The box cut down to at most `limit` times the reference's sides, around the reference. */
function within(box: UnitBox, reference: UnitBox, limit: number): UnitBox {
  const cut = (start: number, length: number, refStart: number, refLength: number) => {
    const most = refLength * limit;
    if (length <= most) return [start, length] as const;
    const middle = refStart + refLength / 2;
    const from = Math.max(start, Math.min(middle - most / 2, start + length - most));
    return [from, most] as const;
  };
  const [x, w] = cut(box.x, box.w, reference.x, reference.w);
  const [y, h] = cut(box.y, box.h, reference.y, reference.h);
  return { x, y, w, h };
}

export function contains(b: UnitBox, p: { x: number; y: number }): boolean {
  return p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;
}

/** The measure of a head found: each box's centre inside the other. */
export function headFound(found: UnitBox, label: UnitBox): boolean {
  return contains(label, centreOf(found)) && contains(found, centreOf(label));
}

function centreOf(b: UnitBox): { x: number; y: number } {
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}

/** The smallest box holding both. */
export function unionOf(a: UnitBox, b: UnitBox): UnitBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** The box cut to the picture (0..1 each way). */
export function clampUnit(b: UnitBox): UnitBox {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, w: Math.min(1, b.x + b.w) - x, h: Math.min(1, b.y + b.h) - y };
}
