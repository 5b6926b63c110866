// The animal's silhouette inside its detected box: pixels whose colour is unlike the scene around
// the box. A small colour model (k-means of the surrounding ring) and Otsu's threshold on the
// distance to it; cheap enough for a picture of a few hundred pixels a side.

export interface RgbImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** A box in whole pixels of the small picture the silhouette is computed on. */
export interface IntBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface Silhouette {
  /** 1 where the animal is, row by row over the box (width x1-x0, height y1-y0). */
  readonly mask: Uint8Array;
  readonly box: IntBox;
  /** How cleanly the animal stands out from its surroundings, 0..1. */
  readonly contrast: number;
}

const CLUSTERS = 6;

export function silhouette(image: RgbImage, box: IntBox): Silhouette {
  const { width, height } = image;
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const ring = {
    x0: Math.max(0, Math.round(box.x0 - bw * 0.15) - 2),
    y0: Math.max(0, Math.round(box.y0 - bh * 0.15) - 2),
    x1: Math.min(width, Math.round(box.x1 + bw * 0.15) + 2),
    y1: Math.min(height, Math.round(box.y1 + bh * 0.15) + 2),
  };
  const samples: number[] = [];
  for (let y = ring.y0; y < ring.y1; y++) {
    for (let x = ring.x0; x < ring.x1; x++) {
      const inside = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      // A box that fills the picture has no ring: its own outer edge stands in for the scene.
      const edge =
        x < box.x0 + Math.max(1, bw * 0.04) ||
        x >= box.x1 - Math.max(1, bw * 0.04) ||
        y < box.y0 + Math.max(1, bh * 0.04);
      if (!inside || (edge && ringIsThin(box, width, height)))
        samples.push(pixelIndex(image, x, y));
    }
  }
  const centres = kMeans(image, samples, CLUSTERS);
  const distances = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      distances[y * bw + x] = nearest(image, pixelIndex(image, box.x0 + x, box.y0 + y), centres);
    }
  }
  const threshold = otsu(distances);
  const mask = new Uint8Array(bw * bh);
  let above = 0;
  let below = 0;
  let nAbove = 0;
  for (let i = 0; i < distances.length; i++) {
    const d = distances[i] ?? 0;
    if (d > threshold) {
      mask[i] = 1;
      above += d;
      nAbove++;
    } else below += d;
  }
  const meanAbove = nAbove ? above / nAbove : 0;
  const meanBelow = distances.length - nAbove ? below / (distances.length - nAbove) : 0;
  const contrast = Math.min(1, Math.max(0, (meanAbove - meanBelow) / 120));
  return { mask: smooth(mask, bw, bh), box, contrast };
}

function ringIsThin(box: IntBox, width: number, height: number): boolean {
  const ringArea = width * height - (box.x1 - box.x0) * (box.y1 - box.y0);
  return ringArea < width * height * 0.25;
}

function pixelIndex(image: RgbImage, x: number, y: number): number {
  return (y * image.width + x) * 3;
}

function kMeans(image: RgbImage, samples: readonly number[], k: number): number[][] {
  const { data } = image;
  const step = Math.max(1, Math.floor(samples.length / 1500));
  const points: number[] = [];
  for (let i = 0; i < samples.length; i += step) points.push(samples[i] ?? 0);
  if (points.length === 0) return [[0, 0, 0]];
  const centres: number[][] = [];
  for (let c = 0; c < k; c++) {
    const p = points[Math.floor(((c + 0.5) * points.length) / k)] ?? 0;
    centres.push([data[p] ?? 0, data[p + 1] ?? 0, data[p + 2] ?? 0]);
  }
  for (let iteration = 0; iteration < 6; iteration++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const p of points) {
      const c = nearestIndex(data, p, centres);
      const s = sums[c] ?? [0, 0, 0, 0];
      s[0] = (s[0] ?? 0) + (data[p] ?? 0);
      s[1] = (s[1] ?? 0) + (data[p + 1] ?? 0);
      s[2] = (s[2] ?? 0) + (data[p + 2] ?? 0);
      s[3] = (s[3] ?? 0) + 1;
    }
    sums.forEach((s, c) => {
      const n = s[3] ?? 0;
      if (n > 0) centres[c] = [(s[0] ?? 0) / n, (s[1] ?? 0) / n, (s[2] ?? 0) / n];
    });
  }
  return centres;
}

function nearestIndex(data: Uint8Array, p: number, centres: readonly number[][]): number {
  let best = 0;
  let bestD = Infinity;
  centres.forEach((c, i) => {
    const d = colourDistance(data, p, c);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

function nearest(image: RgbImage, p: number, centres: readonly number[][]): number {
  let best = Infinity;
  for (const c of centres) best = Math.min(best, colourDistance(image.data, p, c));
  return best;
}

/** A cheap perceptual distance ('redmean'), in RGB units. */
function colourDistance(data: Uint8Array, p: number, c: readonly number[]): number {
  const r = (data[p] ?? 0) - (c[0] ?? 0);
  const g = (data[p + 1] ?? 0) - (c[1] ?? 0);
  const b = (data[p + 2] ?? 0) - (c[2] ?? 0);
  const rMean = ((data[p] ?? 0) + (c[0] ?? 0)) / 2;
  return Math.sqrt((2 + rMean / 256) * r * r + 4 * g * g + (2 + (255 - rMean) / 256) * b * b) / 3;
}

function otsu(values: Float32Array): number {
  let max = 1;
  for (const v of values) max = Math.max(max, v);
  const bins = new Float64Array(64);
  for (const v of values) bins[Math.min(63, Math.floor((v / max) * 64))]! += 1;
  const total = values.length;
  let sum = 0;
  bins.forEach((n, i) => (sum += n * i));
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let bestVar = -1;
  for (let i = 0; i < 64; i++) {
    weightB += bins[i] ?? 0;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += i * (bins[i] ?? 0);
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = i;
    }
  }
  return ((best + 1) / 64) * max;
}

/** A 3x3 majority vote: drops speckles of fur texture and background clutter. */
function smooth(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let on = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          n++;
          on += mask[yy * w + xx] ?? 0;
        }
      }
      out[y * w + x] = on * 2 > n ? 1 : 0;
    }
  }
  return out;
}
