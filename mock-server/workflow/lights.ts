// The scene's own lights in the video (issue 40, item 4): the jack-o'-lanterns and candles
// flicker, lit windows glow and dim, lava pulses, stars twinkle, and the lab's sky flashes with
// lightning. Each light is a glow drawn once (screen space) and added per frame at the strength of
// its moment; every strength is a sum of whole cycles over the clip, so the loop has no seam. The
// pet stands in front of them: a light is hidden where the figure's mask is.
import type { Rgb } from './color';
import { PUMPKINS } from './scene';
import type { SceneryKind } from './scenery';
import type { View } from './view';

export type LightKind = 'candle' | 'window' | 'lava' | 'star' | 'bolt';

/** A light on the unmirrored portrait (1024 px), with its own phase so lights do not beat as one. */
export interface Light {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly colour: Rgb;
  readonly kind: LightKind;
  readonly phase: number;
}

const FLAME: Rgb = { r: 255, g: 170, b: 70 };
const WINDOW: Rgb = { r: 255, g: 205, b: 110 };
const STARLIGHT: Rgb = { r: 235, g: 240, b: 255 };
const LAVA: Rgb = { r: 255, g: 100, b: 40 };
const BOLT: Rgb = { r: 210, g: 225, b: 255 };

const light = (x: number, y: number, r: number, colour: Rgb, kind: LightKind, phase = 0) => ({
  x,
  y,
  r,
  colour,
  kind,
  phase,
});

/** A few stars of every night sky that twinkle (the sky's own stars are drawn in the picture). */
const TWINKLES: readonly Light[] = [
  light(430, 70, 16, STARLIGHT, 'star', 0.1),
  light(640, 240, 12, STARLIGHT, 'star', 0.45),
  light(90, 420, 13, STARLIGHT, 'star', 0.7),
  light(760, 330, 11, STARLIGHT, 'star', 0.25),
];

/** Each place's lights, beyond the pumpkins and the twinkling stars. */
const PLACE_LIGHTS: Partial<Record<SceneryKind, readonly Light[]>> = {
  castle: [
    light(76, 868, 46, FLAME, 'candle', 0.3),
    light(135, 886, 36, FLAME, 'candle', 0.6),
    light(165, 755, 95, WINDOW, 'window', 0.2),
    light(190, 640, 48, WINDOW, 'window', 0.55),
    light(272, 660, 40, WINDOW, 'window', 0.8),
  ],
  lab: [
    light(188, 310, 190, BOLT, 'bolt'),
    light(150, 610, 60, { r: 150, g: 255, b: 130 }, 'window', 0.4),
  ],
  space: [
    light(566, 126, 22, STARLIGHT, 'star', 0.6),
    light(330, 200, 20, STARLIGHT, 'star', 0.85),
    light(250, 90, 14, STARLIGHT, 'star', 0.35),
    light(700, 160, 14, STARLIGHT, 'star', 0.05),
  ],
  volcano: [light(180, 600, 210, LAVA, 'lava', 0.2)],
  dojo: [light(160, 700, 70, WINDOW, 'window', 0.5)],
  city: [light(110, 720, 90, WINDOW, 'window', 0.15), light(880, 700, 90, WINDOW, 'window', 0.6)],
  cathedral: [
    light(160, 770, 70, WINDOW, 'window', 0.35),
    light(74, 870, 34, FLAME, 'candle', 0.1),
    light(114, 882, 34, FLAME, 'candle', 0.5),
    light(154, 894, 34, FLAME, 'candle', 0.8),
  ],
};

/** The lights of a place on the portrait, after the layout's mirroring. */
export function lightsOf(scenery: SceneryKind, mirror: boolean): Light[] {
  const pumpkins = PUMPKINS.map((p, i) =>
    light(p.cx, p.cy, p.size * 0.85, FLAME, 'candle', 0.5 * i),
  );
  return [...pumpkins, ...(PLACE_LIGHTS[scenery] ?? []), ...TWINKLES].map((l) =>
    mirror ? { ...l, x: 1024 - l.x } : l,
  );
}

const wave = (cycles: number, t: number, phase = 0) => Math.sin(2 * Math.PI * (cycles * t + phase));

/** The lab's lightning at time t (0..1): two strikes a loop, each a double flash; 0 between. */
export function flashAt(t: number): number {
  const strike = (at: number) => {
    const d = ((((t - at) % 1) + 1) % 1) * 96;
    // Frames after the strike: bright, a dip, a second flash, then gone.
    return d < 2 ? 1 : d < 3 ? 0.25 : d < 5 ? 0.7 : d < 8 ? 0.7 * (1 - (d - 5) / 3) : 0;
  };
  return Math.max(strike(0.3), strike(0.74));
}

/** How strongly a light shines at time t (0..1), whole cycles only. */
export function levelAt(l: Pick<Light, 'kind' | 'phase'>, t: number): number {
  const p = l.phase;
  const level =
    l.kind === 'candle'
      ? 0.6 +
        0.22 * wave(7, t, p) +
        0.14 * wave(13, t, 2 * p) -
        0.5 * Math.max(0, wave(3, t, p) - 0.8) * 5
      : l.kind === 'window'
        ? 0.55 + 0.3 * wave(1, t, p) + 0.12 * wave(9, t, p)
        : l.kind === 'lava'
          ? 0.55 + 0.35 * wave(2, t, p) + 0.1 * wave(5, t, p)
          : l.kind === 'star'
            ? Math.max(0, wave(3, t, p)) ** 3
            : flashAt(t);
  return Math.max(0, Math.min(1, level));
}

/** How much of each light's glow its colour reaches at full strength. */
const STRENGTH: Record<LightKind, number> = {
  candle: 0.75,
  window: 0.55,
  lava: 0.45,
  star: 1,
  bolt: 0.8,
};

/** One light's glow at the video's scale: an alpha per pixel of its square. */
interface Glow {
  readonly light: Light;
  readonly side: number;
  readonly alpha: Float32Array;
}

/** Draws each light's glow once, at the video's scale (a round glow, a star's four points). */
export function prepareGlows(lights: readonly Light[], scale: number): Glow[] {
  return lights.map((l) => {
    const side = Math.max(3, Math.round(2 * l.r * scale)) | 1;
    const alpha = new Float32Array(side * side);
    const half = (side - 1) / 2;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const [dx, dy] = [(x - half) / half, (y - half) / half];
        const d = Math.hypot(dx, dy);
        if (d >= 1) continue;
        // A star: a bright core and four thin rays; any other light a soft round glow.
        const shape =
          l.kind === 'star'
            ? Math.max(
                Math.exp(-((d * 7) ** 2)),
                (1 - d) * Math.exp(-((Math.min(Math.abs(dx), Math.abs(dy)) * 18) ** 2)),
              )
            : (1 - d) * (1 - d);
        alpha[y * side + x] = STRENGTH[l.kind] * shape;
      }
    return { light: l, side, alpha };
  });
}

/**
 * Adds each glow at its strength at time t to a raw RGB frame (screen blend), hidden where the
 * figure stands (`hide`: 0..1 per screen pixel, 1 where the figure is).
 */
export function drawGlows(
  frame: Buffer,
  view: View,
  glows: readonly Glow[],
  t: number,
  hide: (x: number, y: number) => number,
): void {
  for (const glow of glows) {
    const level = levelAt(glow.light, t);
    if (level < 0.01) continue;
    const { side, alpha } = glow;
    const cx = Math.round(view.toScreenX(glow.light.x) - (side - 1) / 2);
    const cy = Math.round(view.toScreenY(glow.light.y) - (side - 1) / 2);
    const { r, g, b } = glow.light.colour;
    for (let y = Math.max(0, -cy); y < side && cy + y < view.size; y++)
      for (let x = Math.max(0, -cx); x < side && cx + x < view.size; x++) {
        const a = alpha[y * side + x]!;
        if (a === 0) continue;
        const sx = cx + x;
        const sy = cy + y;
        const k = a * level * (1 - hide(sx, sy));
        if (k <= 0) continue;
        const i = (sy * view.size + sx) * 3;
        frame[i] = frame[i]! + (255 - frame[i]!) * (r / 255) * k;
        frame[i + 1] = frame[i + 1]! + (255 - frame[i + 1]!) * (g / 255) * k;
        frame[i + 2] = frame[i + 2]! + (255 - frame[i + 2]!) * (b / 255) * k;
      }
  }
}

/** The lightning's flash over the whole frame: the sky most, the figure it lights less. */
export function drawFlash(
  frame: Buffer,
  view: View,
  t: number,
  hide: (x: number, y: number) => number,
): void {
  const level = 0.42 * flashAt(t);
  if (level < 0.01) return;
  for (let y = 0; y < view.size; y++)
    for (let x = 0; x < view.size; x++) {
      const k = level * (1 - 0.6 * hide(x, y));
      const i = (y * view.size + x) * 3;
      frame[i] = frame[i]! + (255 - frame[i]!) * (BOLT.r / 255) * k;
      frame[i + 1] = frame[i + 1]! + (255 - frame[i + 1]!) * (BOLT.g / 255) * k;
      frame[i + 2] = frame[i + 2]! + (255 - frame[i + 2]!) * (BOLT.b / 255) * k;
    }
}
