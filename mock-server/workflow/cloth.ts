// A cloak worn over a pet standing in the scene flutters in the video (issue 40, item 4): its
// folds roll out from the neck to the hem, as cloth does in a draught. The suit (outfits.ts) is
// laid in the pet's own outline, so the cloth moves by its light and shade, not its edge; the
// fur, the face and the scene stay as they are.
import { PORTRAIT_SIZE } from './scene';
import { WOBBLE_POSES } from './wearables';

/** The suits that are cloth that hangs and moves (not bones, scales, bandages or plates). */
export const FLOWING_SUITS: ReadonlySet<string> = new Set([
  'vampire',
  'witch',
  'ghost',
  'werewolf',
  'pirate',
  'ninja',
  'angel',
  'clown',
  'superhero',
  'princess',
  'alien',
  'zombie',
]);

/** Where the cloak is on the portrait (0..255 per pixel) and the head it hangs from, in pixels. */
export interface Cloth {
  readonly mask: Uint8Array;
  readonly head: { readonly x: number; readonly y: number; readonly r: number };
}

/**
 * The cloak's mask on the portrait: where the suit changed the pet's region (`before` and `after`
 * it, RGBA, w x h, drawn at `place`).
 */
export function clothMask(
  before: Buffer,
  after: Buffer,
  w: number,
  h: number,
  place: { left: number; top: number },
): Uint8Array {
  const mask = new Uint8Array(PORTRAIT_SIZE * PORTRAIT_SIZE);
  for (let y = 0; y < h; y++) {
    const py = place.top + y;
    if (py < 0 || py >= PORTRAIT_SIZE) continue;
    for (let x = 0; x < w; x++) {
      const px = place.left + x;
      if (px < 0 || px >= PORTRAIT_SIZE) continue;
      const i = (y * w + x) * 4;
      const change =
        Math.abs(after[i]! - before[i]!) +
        Math.abs(after[i + 1]! - before[i + 1]!) +
        Math.abs(after[i + 2]! - before[i + 2]!);
      if (change === 0) continue;
      // A suit barely changed from the fur (its soft collar) moves little.
      mask[py * PORTRAIT_SIZE + px] = Math.min(255, change * 4) * (after[i + 3]! / 255);
    }
  }
  return mask;
}

/** How deep the folds' light and shade go. */
const DEPTH = 0.24;
/** Folds a head radius and a bit apart. */
const FOLD = 1.1;

/** The cloak's pixels, each with the phase of its fold (as its sine and cosine), drawn once. */
export interface Folds {
  readonly at: Int32Array;
  readonly weight: Float32Array;
  readonly sin: Float32Array;
  readonly cos: Float32Array;
}

export function foldsOf(cloth: Cloth): Folds {
  const { mask, head } = cloth;
  const at: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]! > 0) at.push(i);
  const folds = {
    at: Int32Array.from(at),
    weight: new Float32Array(at.length),
    sin: new Float32Array(at.length),
    cos: new Float32Array(at.length),
  };
  at.forEach((i, n) => {
    const [x, y] = [i % PORTRAIT_SIZE, Math.floor(i / PORTRAIT_SIZE)];
    const d = Math.hypot(x - head.x, y - head.y) / (FOLD * head.r);
    // Across the cloak too, so the folds are not rings about the neck.
    const across = 0.15 * Math.sin((2 * Math.PI * x) / (3 * head.r));
    const phase = 2 * Math.PI * (d + across);
    folds.weight[n] = (DEPTH * mask[i]!) / 255;
    folds.sin[n] = Math.sin(phase);
    folds.cos[n] = Math.cos(phase);
  });
  return folds;
}

/**
 * The raw RGB scene with the cloak's folds at pose k of the sway (two folds roll by per sway; pose
 * 0 is the cloak at rest, as the image shows it); a new buffer.
 */
export function rippleCloth(scene: Buffer, folds: Folds, k: number): Buffer {
  const out = Buffer.from(scene);
  const shift = (2 * Math.PI * 2 * k) / WOBBLE_POSES;
  // sin(phase - shift) - sin(phase), by the angle-difference rule.
  const [a, b] = [Math.cos(shift) - 1, -Math.sin(shift)];
  const { at, weight, sin, cos } = folds;
  for (let n = 0; n < at.length; n++) {
    const shade = 1 + weight[n]! * (sin[n]! * a + cos[n]! * b);
    const i = at[n]! * 3;
    out[i] = Math.min(255, out[i]! * shade);
    out[i + 1] = Math.min(255, out[i + 1]! * shade);
    out[i + 2] = Math.min(255, out[i + 2]! * shade);
  }
  return out;
}
