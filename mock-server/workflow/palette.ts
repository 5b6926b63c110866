import sharp from 'sharp';
import { fromHsl, toHsl, type Rgb } from './color';

/** The colours a portrait borrows from the costume image. */
export interface Palette {
  /** The costume's most prominent saturated colour. */
  readonly accent: Rgb;
  /** A second colour of a clearly different hue, for gradients. */
  readonly secondary: Rgb;
  /** Mean colour of the costume's visible pixels. */
  readonly mean: Rgb;
}

const HUE_BINS = 12;
// Greyscale costumes (ghost, skull) still need a colour to tint with; these keep the look Halloween.
const FALLBACK_HUES = [275, 28, 135, 200];

interface Bin {
  weight: number;
  r: number;
  g: number;
  b: number;
}

/** Weighted hue histogram of a thumbnail: cheap, deterministic and ignores transparent pixels. */
export async function extractPalette(image: Buffer, seed: number): Promise<Palette> {
  const { data, info } = await sharp(image, { animated: false })
    .resize(32, 32, { fit: 'inside', kernel: 'nearest' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins: Bin[] = Array.from({ length: HUE_BINS }, () => ({ weight: 0, r: 0, g: 0, b: 0 }));
  const total = { weight: 0, r: 0, g: 0, b: 0 };
  for (let i = 0; i < data.length; i += info.channels) {
    const color = { r: data[i] ?? 0, g: data[i + 1] ?? 0, b: data[i + 2] ?? 0 };
    const alpha = (data[i + 3] ?? 255) / 255;
    if (alpha < 0.3) continue;
    add(total, color, alpha);
    const { h, s, l } = toHsl(color);
    if (s < 0.2 || l < 0.12 || l > 0.92) continue;
    add(bins[Math.floor(h / (360 / HUE_BINS)) % HUE_BINS] as Bin, color, alpha * s);
  }
  const mean = average(total) ?? { r: 40, g: 30, b: 60 };
  const ranked = bins
    .map((bin, index) => ({ bin, index }))
    .sort((a, b) => b.bin.weight - a.bin.weight);
  const first = ranked[0];
  const saturated = first !== undefined && first.bin.weight > total.weight * 0.04;
  const fallbackHue = FALLBACK_HUES[seed % FALLBACK_HUES.length] ?? 275;
  const accent = saturated ? vivid(average(first.bin) ?? mean) : fromHsl(fallbackHue, 0.65, 0.55);
  const farEnough = ranked.find(
    ({ bin, index }) =>
      bin.weight > 0 && first !== undefined && hueDistance(index, first.index) >= 3,
  );
  const secondary = farEnough
    ? vivid(average(farEnough.bin) ?? mean)
    : fromHsl((toHsl(accent).h + 150) % 360, 0.6, 0.45);
  return { accent, secondary, mean };
}

function add(into: Bin, color: Rgb, weight: number) {
  into.weight += weight;
  into.r += color.r * weight;
  into.g += color.g * weight;
  into.b += color.b * weight;
}

function average(bin: Bin): Rgb | undefined {
  if (bin.weight === 0) return undefined;
  return { r: bin.r / bin.weight, g: bin.g / bin.weight, b: bin.b / bin.weight };
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b);
  return Math.min(d, HUE_BINS - d);
}

/** Keeps the costume's hue but lifts it to a lightness and saturation that glows on a night sky. */
function vivid(color: Rgb): Rgb {
  const { h, s, l } = toHsl(color);
  return fromHsl(h, Math.max(s, 0.55), Math.min(Math.max(l, 0.45), 0.62));
}
