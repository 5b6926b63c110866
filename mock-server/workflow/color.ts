/** An sRGB colour with 0-255 channels. */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return {
    r: clamp(a.r + (b.r - a.r) * amount),
    g: clamp(a.g + (b.g - a.g) * amount),
    b: clamp(a.b + (b.b - a.b) * amount),
  };
}

export const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const WHITE: Rgb = { r: 255, g: 255, b: 255 };

export const darken = (color: Rgb, amount: number) => mix(color, BLACK, amount);
export const lighten = (color: Rgb, amount: number) => mix(color, WHITE, amount);

export function hex(color: Rgb): string {
  return `#${[color.r, color.g, color.b].map((c) => clamp(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Hue in degrees, saturation and lightness in 0-1. */
/** The colour's hue and saturation at half lightness: soft light then shifts hue, not lightness. */
export function midTone(color: Rgb): Rgb {
  const { h, s } = toHsl(color);
  return fromHsl(h, s, 0.5);
}

export function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h =
    max === rn ? ((gn - bn) / d + 6) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

export function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor((((h % 360) + 360) % 360) / 60);
  const sectors: readonly (readonly [number, number, number])[] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ];
  const [r, g, b] = sectors[sector] ?? [0, 0, 0];
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 };
}
