// The soft edge of an uploaded photo where the disc's crop reaches past it (portrait.ts): the
// photo fades into the blurred fill instead of meeting it at a hard seam.

const FADE_SHARE = 0.1;
const FADE_MIN = 10;
const FADE_MAX = 40;

/**
 * How far a photo's edges fade (the blur's standard deviation is half of it): a share of the
 * photo's shorter side as drawn, so a small photo inside a large fill melts into it as well.
 */
export function fadeFor(width: number, height: number): number {
  return Math.round(Math.min(FADE_MAX, Math.max(FADE_MIN, FADE_SHARE * Math.min(width, height))));
}

/**
 * Multiplies the alpha of a raw RGBA picture by a rectangle blurred with a Gaussian of half its
 * fade, inset the fade from each edge that meets the fill and reaching as far past the others: what
 * an SVG feGaussianBlur of that rectangle drew, worked out per row and column (the blur of a
 * rectangle is the product of two blurred steps), for a few ms instead of a hundred.
 */
export function featherEdges(
  rgba: Buffer,
  width: number,
  height: number,
  touches: { left: boolean; top: boolean; right: boolean; bottom: boolean },
): void {
  const fade = fadeFor(width, height);
  const edge = (fades: boolean) => (fades ? fade : -fade);
  const ramp = (length: number, start: boolean, end: boolean) => {
    const [from, to] = [edge(start), length - edge(end)];
    const weights = new Float32Array(length);
    const sigma = (fade / 2) * Math.SQRT2;
    for (let i = 0; i < length; i++) {
      const at = i + 0.5;
      weights[i] = (erf((at - from) / sigma) - erf((at - to) / sigma)) / 2;
    }
    return weights;
  };
  const columns = ramp(width, touches.left, touches.right);
  const rows = ramp(height, touches.top, touches.bottom);
  for (let y = 0; y < height; y++) {
    const row = rows[y] ?? 0;
    for (let x = 0, i = y * width * 4 + 3; x < width; x++, i += 4)
      rgba[i] = Math.round((rgba[i] ?? 0) * row * (columns[x] ?? 0));
  }
}

/** The error function (Abramowitz and Stegun 7.1.26, within 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const y = 1 - poly * Math.exp(-x * x);
  return x < 0 ? -y : y;
}
