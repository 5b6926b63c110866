import sharp, { type OverlayOptions } from 'sharp';
import type { BatSprite } from './bats';
import { pumpkinsOf } from './scene';

const LEVELS = 5;

/** How bright the jack-o'-lanterns burn at time t (0..1): whole cycles, so the loop has no seam. */
export function candleAt(t: number): number {
  const wave =
    0.55 +
    0.25 * Math.sin(2 * Math.PI * 7 * t) +
    0.15 * Math.sin(2 * Math.PI * 13 * t + 1) -
    0.6 * Math.max(0, Math.sin(2 * Math.PI * 3 * t) - 0.85) * 6;
  return Math.max(0, Math.min(1, wave));
}

export interface Candlelight {
  readonly sprites: readonly BatSprite[];
  readonly pumpkins: ReturnType<typeof pumpkinsOf>;
  readonly scale: number;
}

/**
 * Glow sprites at a few strengths, pasted over each pumpkin per frame: a flicker that costs a small
 * composite instead of re-toning the whole frame (sharp's linear() tripled the frame cost).
 */
export async function prepareCandlelight(mirror: boolean, scale: number): Promise<Candlelight> {
  const pumpkins = pumpkinsOf({ mirror });
  const size = Math.round(Math.max(...pumpkins.map((p) => p.size)) * 1.7 * scale);
  const sprites = await Promise.all(
    Array.from({ length: LEVELS }, async (_, level) => {
      const opacity = (0.7 * level) / (LEVELS - 1);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><radialGradient id="g"><stop offset="0" stop-color="#ffc45c" stop-opacity="${opacity}"/><stop offset="0.45" stop-color="#ff8a1f" stop-opacity="${opacity * 0.45}"/><stop offset="1" stop-color="#ff7a00" stop-opacity="0"/></radialGradient></defs><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="url(#g)"/></svg>`;
      const { data, info } = await sharp(Buffer.from(svg))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    }),
  );
  return { sprites, pumpkins, scale };
}

/** Glow overlays for one frame, given the camera's crop of the portrait. */
export function candleOverlays(
  light: Candlelight,
  t: number,
  camera: { left: number; top: number; crop: number },
  size: number,
): OverlayOptions[] {
  const level = Math.round(candleAt(t) * (LEVELS - 1));
  const sprite = light.sprites[level];
  if (!sprite || level === 0) return [];
  const zoom = size / camera.crop;
  return light.pumpkins.map((pumpkin) => ({
    input: sprite.data,
    raw: { width: sprite.width, height: sprite.height, channels: 4 as const },
    left: Math.round((pumpkin.cx - camera.left) * zoom - sprite.width / 2),
    top: Math.round((pumpkin.cy - camera.top) * zoom - sprite.height / 2),
    blend: 'screen' as const,
  }));
}
