import type { IntBox, Silhouette } from './silhouette';

// Where the head is within an animal's silhouette. Animals hold their head up: the head is the
// highest part of the silhouette (ears, horns and crest included), and its width there tells its
// size.

export interface HeadGuess {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly facing: 'left' | 'right' | 'front';
  /** How well the silhouette supported the guess, 0..1. */
  readonly support: number;
}

export function findHead(shape: Silhouette, picture: { width: number; height: number }): HeadGuess {
  const { box, mask } = shape;
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const short = Math.min(bw, bh);
  const rows = rowCounts(mask, bw, bh);
  let top = rows.findIndex((n) => n >= Math.max(2, bw * 0.04));
  if (top < 0) top = 0;
  const band = Math.max(2, Math.round(short * 0.1));
  const run = topRun(mask, bw, top, Math.min(bh, top + band), Math.max(2, short * 0.3));
  const bodyCentre = centroidX(mask, bw, bh);
  const coverage = rows.reduce((a, n) => a + n, 0) / (bw * bh);
  const support = coverage > 0.08 && coverage < 0.97 ? 1 : 0.4;
  const offset = (run.centre - bodyCentre) / bw;
  const facing = Math.abs(offset) < 0.12 ? 'front' : offset < 0 ? 'left' : 'right';
  if (isCloseUp(box, picture, coverage, run.width / bw)) {
    // The animal fills the picture, so there is no scene around it to tell it apart: its box is
    // mostly head, and the head sits at its top.
    const w = bw * 0.75;
    return {
      ...clampBox(box.x0 + (bw - w) / 2, box.y0, w, Math.min(bh * 0.8, bw), box),
      facing: 'front',
      support: 0.6,
    };
  }
  const side = Math.min(Math.max(run.width * 1.2, short * 0.25), short * 0.8);
  return {
    ...clampBox(box.x0 + run.centre - side / 2, box.y0 + top, side, side, box),
    facing,
    support,
  };
}

function isCloseUp(
  box: IntBox,
  picture: { width: number; height: number },
  coverage: number,
  topWidth: number,
): boolean {
  const area = ((box.x1 - box.x0) * (box.y1 - box.y0)) / (picture.width * picture.height);
  const runsOffBottom = box.y1 >= picture.height * 0.95;
  // A head raised above a body shows as a narrow top; a face filling the frame does not.
  return area > 0.6 && runsOffBottom && (topWidth > 0.35 || coverage < 0.1);
}

function rowCounts(mask: Uint8Array, w: number, h: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += mask[y * w + x] ?? 0;
    rows.push(n);
  }
  return rows;
}

/**
 * The heaviest run of silhouette columns within rows [from, to), runs closer than maxGap joined
 * (two ears are one head): its weighted centre and its width.
 */
function topRun(
  mask: Uint8Array,
  w: number,
  from: number,
  to: number,
  maxGap: number,
): { centre: number; width: number } {
  const columns = new Array<number>(w).fill(0);
  for (let y = from; y < to; y++) for (let x = 0; x < w; x++) columns[x]! += mask[y * w + x] ?? 0;
  let best = { mass: 0, centre: w / 2, width: w * 0.4 };
  let start = -1;
  let last = -1;
  let mass = 0;
  let moment = 0;
  const close = () => {
    if (start >= 0 && mass > best.mass)
      best = { mass, centre: moment / mass, width: last - start + 1 };
  };
  for (let x = 0; x < w; x++) {
    const n = columns[x] ?? 0;
    if (n === 0) continue;
    if (start < 0 || x - last > maxGap) {
      close();
      start = x;
      mass = 0;
      moment = 0;
    }
    last = x;
    mass += n;
    moment += n * x;
  }
  close();
  return best;
}

function centroidX(mask: Uint8Array, w: number, h: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) {
        sum += x;
        n++;
      }
    }
  }
  return n ? sum / n : w / 2;
}

function clampBox(
  x: number,
  y: number,
  w: number,
  h: number,
  box: IntBox,
): Omit<HeadGuess, 'facing' | 'support'> {
  const cx = Math.min(Math.max(x, box.x0), Math.max(box.x0, box.x1 - w));
  const cy = Math.min(Math.max(y, box.y0), Math.max(box.y0, box.y1 - h));
  return { x: cx, y: cy, w: Math.min(w, box.x1 - box.x0), h: Math.min(h, box.y1 - box.y0) };
}
