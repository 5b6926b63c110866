import sharp, { type OverlayOptions } from 'sharp';
import { batPath } from './halloween-shapes';
import { cameraAt, PORTRAIT_SIZE } from './scene';
import { between, type Random } from './seeded-random';

/** One bat's loop through the clip; whole cycles so the video loops without a seam. */
export interface BatFlight {
  readonly x0: number;
  readonly y0: number;
  /** Width on the 1024 portrait. */
  readonly size: number;
  readonly laps: number;
  readonly bob: number;
  readonly flaps: number;
  readonly phase: number;
}

export interface BatPose {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  /** Index into the flap sprites, 0..FLAP_POSES-1. */
  readonly pose: number;
}

export const FLAP_POSES = 5;
const SPAN = 1024 + 240;

/** A box on the 1024 portrait, in pixels. */
export interface PortraitBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A bat's sprite is this tall for its width (batPath's viewBox), plus a pixel of rounding. */
const BAT_HEIGHT = 0.72;
/** Space kept between a bat and what it keeps clear of, in portrait pixels. */
const BAT_MARGIN = 8;

/**
 * The bats' flights; with `keepClear` (the pet's head on the portrait), none crosses it in the
 * image or in any frame of the video, whose camera zooms while the bats stay where they fly.
 */
export function planBats(random: Random, count: number, keepClear?: PortraitBox): BatFlight[] {
  const flights = Array.from({ length: count }, (_, i) => ({
    x0: between(random, 0, SPAN),
    y0: between(random, 40, 330) + (i % 2) * 60,
    size: Math.round(between(random, 46, 110)),
    laps: random() < 0.5 ? 1 : -1,
    bob: between(random, 10, 34),
    flaps: 6 + Math.floor(random() * 4),
    phase: random(),
  }));
  if (!keepClear) return flights;
  const band = bandOnScreen(keepClear);
  return flights.map((flight) => clearOf(flight, band));
}

/**
 * The rows a box of the portrait covers on screen at some moment of the clip: bats are drawn in
 * screen space, over the camera's crop (the image is the clip's first frame, uncropped).
 */
export function bandOnScreen(box: PortraitBox): { y0: number; y1: number } {
  let [y0, y1] = [box.y0, box.y1];
  for (let k = 0; k < 96; k++) {
    const camera = cameraAt(k / 96);
    const scale = PORTRAIT_SIZE / camera.crop;
    y0 = Math.min(y0, (box.y0 - camera.top) * scale);
    y1 = Math.max(y1, (box.y1 - camera.top) * scale);
  }
  return { y0: y0 - BAT_MARGIN, y1: y1 + BAT_MARGIN };
}

/** The rows a bat's flight covers, bobbing included. */
export function flightRows(flight: BatFlight): { y0: number; y1: number } {
  return {
    y0: flight.y0 - flight.bob,
    y1: flight.y0 + flight.bob + Math.ceil(flight.size * BAT_HEIGHT) + 1,
  };
}

/**
 * The video's bats that fly behind the pet: lower than the others, across the body's rows below the
 * head's band (its face is never where they are; the pet hides them where it stands), or above
 * the band when the head is low in the frame. None where there is no room either side.
 */
export function planBehindBats(random: Random, count: number, keepClear: PortraitBox): BatFlight[] {
  const band = bandOnScreen(keepClear);
  const bob = 14;
  const lowest = 860;
  const rows = (size: number) => Math.ceil(size * BAT_HEIGHT) + 1 + 2 * bob;
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(between(random, 56, 96));
    const below = { from: band.y1 + bob + 2, to: lowest - rows(size) };
    const above = { from: 30 + bob, to: band.y0 - rows(size) + bob - 2 };
    const room = below.to > below.from ? below : above.to > above.from ? above : undefined;
    const flight = {
      x0: between(random, 0, SPAN),
      y0: room ? between(random, room.from, room.to) : -1,
      size,
      laps: i % 2 === 0 ? -1 : 1,
      bob,
      flaps: 5 + Math.floor(random() * 3),
      phase: random(),
    };
    return room ? [flight] : [];
  }).flat();
}

/** The flight as planned, or moved above the band (smaller if it must), or else below it. */
function clearOf(flight: BatFlight, band: { y0: number; y1: number }): BatFlight {
  const rows = flightRows(flight);
  if (rows.y1 < band.y0 || rows.y0 > band.y1) return flight;
  const room = band.y0 - 4;
  const bob = Math.min(flight.bob, Math.max(6, room * 0.15));
  const size = Math.min(flight.size, Math.floor((room - 2 * bob - 2) / BAT_HEIGHT));
  if (size >= 30)
    return { ...flight, bob, size, y0: band.y0 - bob - Math.ceil(size * BAT_HEIGHT) - 2 };
  return { ...flight, y0: band.y1 + flight.bob + 1 };
}

/** Where each bat is at time t (0..1 of the clip), in portrait coordinates. */
export function batPoses(flights: readonly BatFlight[], t: number): BatPose[] {
  return flights.map((flight) => {
    const travel = (((flight.x0 + flight.laps * SPAN * t) % SPAN) + SPAN) % SPAN;
    const wave = Math.sin(2 * Math.PI * (2 * t + flight.phase));
    const flap = Math.sin(2 * Math.PI * (flight.flaps * t + flight.phase));
    return {
      x: travel - 120 - flight.size / 2,
      y: flight.y0 + flight.bob * wave,
      size: flight.size,
      pose: Math.round(((flap + 1) / 2) * (FLAP_POSES - 1)),
    };
  });
}

export interface BatSprite {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Rasterises each bat size and flap pose once, so frames only paste pixels. */
export async function renderBatSprites(
  sizes: readonly number[],
  fill: string,
  rim: string,
): Promise<Map<string, BatSprite>> {
  const sprites = new Map<string, BatSprite>();
  await Promise.all(
    [...new Set(sizes)].flatMap((size) =>
      Array.from({ length: FLAP_POSES }, async (_, pose) => {
        const lift = (pose / (FLAP_POSES - 1)) * 2 - 1;
        const width = Math.max(8, Math.round(size));
        const height = Math.round(width * 0.72);
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 -12 100 72"><path d="${batPath(lift)}" fill="${fill}" stroke="${rim}" stroke-width="2.2" stroke-linejoin="round"/></svg>`;
        const { data, info } = await sharp(Buffer.from(svg))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        sprites.set(spriteKey(size, pose), { data, width: info.width, height: info.height });
      }),
    ),
  );
  return sprites;
}

export const spriteKey = (size: number, pose: number) => `${Math.round(size)}:${pose}`;

/**
 * Paints the bats at their poses over a raw RGB frame of `canvas` px; `hide` (0..1 per frame pixel)
 * says where the pet stands in front of them, for bats flying behind it.
 */
export function paintBats(
  frame: Buffer,
  poses: readonly BatPose[],
  sprites: ReadonlyMap<string, BatSprite>,
  scale: number,
  canvas: number,
  hide?: (x: number, y: number) => number,
): void {
  for (const pose of poses) {
    const sprite = sprites.get(spriteKey(pose.size * scale, pose.pose));
    if (!sprite) continue;
    const left = Math.round(pose.x * scale);
    const top = Math.round(pose.y * scale);
    for (let y = Math.max(0, -top); y < sprite.height && top + y < canvas; y++)
      for (let x = Math.max(0, -left); x < sprite.width && left + x < canvas; x++) {
        const s = (y * sprite.width + x) * 4;
        const alpha = sprite.data[s + 3]!;
        if (alpha === 0) continue;
        const a = (alpha / 255) * (hide ? 1 - hide(left + x, top + y) : 1);
        if (a <= 0) continue;
        const i = ((top + y) * canvas + left + x) * 3;
        for (let c = 0; c < 3; c++)
          frame[i + c] = Math.round(frame[i + c]! + (sprite.data[s + c]! - frame[i + c]!) * a);
      }
  }
}

/** sharp composite entries for the bats at their poses, scaled to a canvas of `canvas` pixels. */
export function batOverlays(
  poses: readonly BatPose[],
  sprites: ReadonlyMap<string, BatSprite>,
  scale: number,
  canvas: number,
): OverlayOptions[] {
  return poses.flatMap((pose) => {
    const sprite = sprites.get(spriteKey(pose.size * scale, pose.pose));
    if (!sprite) return [];
    const left = Math.round(pose.x * scale);
    const top = Math.round(pose.y * scale);
    // Partly visible bats are clipped by sharp; wholly hidden ones are skipped.
    if (left <= -sprite.width || top <= -sprite.height || left >= canvas || top >= canvas)
      return [];
    return [
      {
        input: sprite.data,
        raw: { width: sprite.width, height: sprite.height, channels: 4 as const },
        left,
        top,
      },
    ];
  });
}
