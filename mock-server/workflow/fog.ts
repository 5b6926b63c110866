// Fog drifting over the ground in the video (issue 40, item 4): two banks of mist drawn once as
// textures that repeat across the frame, slid sideways by whole repeats over the clip (one each
// way), so the loop has no seam. It lies on the ground, in front of the paws, never up to the head.
import { lighten, mix, type Rgb } from './color';

export interface Fog {
  readonly size: number;
  /** The frame's row where the fog begins (it thickens downwards from there). */
  readonly top: number;
  readonly colour: Rgb;
  /**
   * The two banks: opacity per pixel of the band in 1/65536ths, each row stored twice over
   * (2 x size by rows) so a row slid by any shift is read in one run, each repeating across `period`.
   */
  readonly banks: readonly {
    readonly alpha: Int32Array;
    readonly period: number;
    readonly laps: number;
  }[];
}

/** Opacities are kept in 1/65536ths, so a frame is blended in integers. */
const ONE = 65536;

/** The thickest the fog gets. */
const DENSITY = 0.5;
/** Too thin a band (a bust's head near the bottom) is left without fog. */
const MIN_ROWS = 0.06;

/** The fog of a frame of `size` px whose rows from `top` down are free of the head. */
export function prepareFog(size: number, top: number, tint: Rgb): Fog | undefined {
  const start = Math.max(Math.round(size * 0.7), Math.ceil(top));
  const rows = size - start;
  if (rows < size * MIN_ROWS) return undefined;
  const bank = (repeats: number, seed: number, laps: number) => {
    const period = size / repeats;
    const alpha = new Int32Array(2 * size * rows);
    for (let y = 0; y < rows; y++) {
      const v = y / rows;
      // Thin at the top of the band, thickest near the ground.
      const profile = Math.min(1, v * 1.8) * (0.75 + 0.25 * v);
      for (let x = 0; x < size; x++) {
        const u = (2 * Math.PI * x) / period;
        const billow =
          0.55 +
          0.25 * Math.sin(u + seed + 3 * v) +
          0.15 * Math.sin(2 * u + 2 * seed - 5 * v) +
          0.1 * Math.sin(3 * u + seed * 3 + 7 * v);
        const opacity = DENSITY * 0.5 * profile * Math.max(0, Math.min(1, billow));
        alpha[2 * y * size + x] = alpha[(2 * y + 1) * size + x] = Math.round(opacity * ONE);
      }
    }
    return { alpha, period, laps };
  };
  return {
    size,
    top: start,
    colour: mix(lighten(tint, 0.55), { r: 200, g: 205, b: 225 }, 0.6),
    banks: [bank(2, 0.4, 1), bank(4, 2.1, -1)],
  };
}

/** The most the two banks together cover the frame. */
const THICKEST = Math.round(0.85 * ONE);

/**
 * Lays the fog at time t (0..1) over a raw RGB frame: once per video frame over a band of a
 * quarter of it, so in integers and without a division per pixel.
 */
export function drawFog(frame: Buffer, fog: Fog, t: number): void {
  const { size, top, colour } = fog;
  const [a, b] = fog.banks;
  if (!a || !b) return;
  // Where each bank's slid row starts in its doubled row: pixel x reads x - shift, wrapped.
  const start = (bank: typeof a) => {
    const shift = Math.round(bank.laps * t * bank.period);
    return (((-shift % size) + size) % size) as number;
  };
  const [startA, startB] = [start(a), start(b)];
  const { r, g, b: blue } = colour;
  for (let y = 0; y < size - top; y++) {
    const rowA = 2 * y * size + startA;
    const rowB = 2 * y * size + startB;
    let i = (top + y) * size * 3;
    for (let x = 0; x < size; x++, i += 3) {
      const k = Math.min(THICKEST, a.alpha[rowA + x]! + b.alpha[rowB + x]!);
      if (k === 0) continue;
      frame[i] = frame[i]! + (((r - frame[i]!) * k) >> 16);
      frame[i + 1] = frame[i + 1]! + (((g - frame[i + 1]!) * k) >> 16);
      frame[i + 2] = frame[i + 2]! + (((blue - frame[i + 2]!) * k) >> 16);
    }
  }
}
