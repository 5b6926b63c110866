// Hand-traced outlines of animals (tests/fixtures/*/labels.json "outline": polygons of [x, y] in
// pixels of the picture as seen) turned into masks, and the overlap of two masks: how the cut-out
// is trained and measured.

export type Outline = readonly (readonly (readonly [number, number])[])[];

/**
 * 1 for each pixel of a width x height picture whose centre lies inside the outline (inside any of
 * its polygons), 0 elsewhere. `scale` turns the outline's coordinates into this picture's pixels.
 */
export function rasterize(
  outline: Outline,
  width: number,
  height: number,
  scale = { x: 1, y: 1 },
): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const polygon of outline) {
    const points = polygon.map(([x, y]) => [x * scale.x, y * scale.y] as const);
    for (let row = 0; row < height; row++) {
      const y = row + 0.5;
      // Where the polygon's edges cross this row, left to right: inside between pairs.
      const crossings: number[] = [];
      points.forEach(([x0, y0], i) => {
        const [x1, y1] = points[(i + 1) % points.length] ?? [x0, y0];
        if (y0 <= y !== y1 <= y) crossings.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
      });
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        const from = Math.max(0, Math.ceil((crossings[k] ?? 0) - 0.5));
        const to = Math.min(width - 1, Math.floor((crossings[k + 1] ?? 0) - 0.5));
        for (let x = from; x <= to; x++) mask[row * width + x] = 1;
      }
    }
  }
  return mask;
}

/** A box in whole pixels: the region an overlap is measured over. */
export interface Region {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Intersection over union of a matte (a pixel is in where its alpha is at least half of 255) and a
 * mask of the same size (1 in, 0 out), over the whole picture or a region of it. Both empty
 * counts as 1.
 */
export function overlap(
  alpha: ArrayLike<number>,
  truth: ArrayLike<number>,
  width: number,
  region?: Region,
): number {
  const height = alpha.length / width;
  const { x0, y0, x1, y1 } = region ?? { x0: 0, y0: 0, x1: width, y1: height };
  let both = 0;
  let either = 0;
  for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
      const a = (alpha[y * width + x] ?? 0) >= 128;
      const b = (truth[y * width + x] ?? 0) === 1;
      if (a && b) both++;
      if (a || b) either++;
    }
  }
  return either === 0 ? 1 : both / either;
}
