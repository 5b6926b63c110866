// "Keep my photo's background" (issue 40): the owner's photo fills the whole portrait instead of
// the pet being cut out into the Halloween scene. The square is cover-cropped inside the photo
// around the pet (never past its edges, so nothing is stretched or smeared: a photo too small or
// too narrow is scaled up to cover), with room above the head for the tallest hat and beside it for
// the widest brim. The costume is worn on it as on a staged pet (the suit only where the cut-out is
// sure), and the scene's light is laid over the photo: the costume's colour grade, the moon's
// glow from its corner, a rim of moonlight on the pet and the vignette.
// Also the disc's fallback: a crop reaching past the photo is brought inside it (`insidePhoto`).
import sharp, { type OverlayOptions } from 'sharp';
import { hex, midTone } from './color';
import { LOCATION_TRUSTED, MATTE_TRUSTED, type PetLocation } from './locate/pet-location';
import type { PetMatte } from './locate/matte';
import { wearSuit, type Outfit } from './outfits';
import type { Palette } from './palette';
import { anchorFor, headRadius, HAT_RISE, type DiscCrop, type Placement } from './placement';
import { MOON, PORTRAIT_SIZE, vignetteSvg } from './scene';
import { headOnPet, rimLight } from './stage';
import type { HeadAnchor } from './wearables';

/** The pet's box (head and body) takes at most this share of the square's side, when it can. */
const PET_SHARE = 0.85;
/**
 * The square is at least this share of the photo's short side: a pet small in its photo is
 * brought closer, but a photo is never blown up more than about twice.
 */
const LEAST_SIDE = 0.5;
/** The hat's tip stays this far below the top edge, and a brim this far inside the sides (px). */
const MARGIN = 16;
/** The widest piece (the witch's brim) reaches this many head radii to each side of the head. */
const BRIM = 1.6;
const STEPS = 24;

/** Whether a location's cut-out is sure enough to lay a suit inside it. */
export const sureMatte = (location: PetLocation): PetMatte | undefined =>
  location.matte && location.matte.confidence >= MATTE_TRUSTED ? location.matte : undefined;

/**
 * The square of the photo that fills the portrait, inside the photo: as close to the pet as
 * PET_SHARE allows (no closer than LEAST_SIDE), moved to hold the hat's room above the head and
 * the brim beside it; a larger square is tried when it cannot. Where no square can (a head at the
 * photo's very top), the whole short side, as near the pet as the photo allows.
 */
export function planKeptPhoto(location: PetLocation): Placement {
  const { width, height, head, body } = location;
  const short = Math.min(width, height);
  const pet = {
    x0: Math.min(head.x, body.x),
    y0: Math.min(head.y, body.y),
    x1: Math.max(head.x + head.w, body.x + body.w),
    y1: Math.max(head.y + head.h, body.y + body.h),
  };
  const r = headRadius(head);
  const headX = head.x + head.w / 2;
  const rise = (location.confidence < LOCATION_TRUSTED ? 1 : 0) + HAT_RISE;
  const hatTip = head.y + head.h * 0.5 - rise * r;
  const wanted = Math.max(pet.x1 - pet.x0, pet.y1 - pet.y0) / PET_SHARE;
  const least = Math.min(short, Math.max(LEAST_SIDE * short, wanted));
  let widest: DiscCrop = { x: 0, y: 0, side: short };
  for (let step = 0; step <= STEPS; step++) {
    const side = least + ((short - least) * step) / STEPS;
    const margin = (MARGIN * side) / PORTRAIT_SIZE;
    const clampX = (x: number) => Math.max(0, Math.min(width - side, x));
    const clampY = (y: number) => Math.max(0, Math.min(height - side, y));
    // Centred on the pet, then its head's brim and hat brought inside.
    let x = clampX((pet.x0 + pet.x1) / 2 - side / 2);
    x = clampX(Math.min(x, headX - BRIM * r - margin));
    x = clampX(Math.max(x, headX + BRIM * r + margin - side));
    let y = clampY((pet.y0 + pet.y1) / 2 - side / 2);
    y = clampY(Math.min(y, hatTip - margin));
    const crop = { x, y, side };
    const brimIn = headX - BRIM * r >= x && headX + BRIM * r <= x + side;
    if (brimIn && hatTip >= y) return placed(location, crop);
    widest = crop;
  }
  return placed(location, widest);
}

const placed = (location: PetLocation, crop: DiscCrop): Placement => ({
  frame: 'stage',
  crop,
  head: sureMatte(location) ? headOnPet(location, crop) : anchorFor(location, crop),
});

/**
 * A disc's crop brought inside its photo (the unsure cut-out's fallback): the same centre as near
 * as the photo allows, no larger than its short side, so the disc shows the photo alone and
 * nothing carried on past its edges.
 */
export function insidePhoto(placement: Placement, location: PetLocation): Placement {
  const { crop } = placement;
  const { width, height } = location;
  const side = Math.min(crop.side, width, height);
  const cx = crop.x + crop.side / 2;
  const cy = crop.y + crop.side / 2;
  const inside = {
    x: Math.max(0, Math.min(width - side, cx - side / 2)),
    y: Math.max(0, Math.min(height - side, cy - side / 2)),
    side,
  };
  if (inside.x === crop.x && inside.y === crop.y && side === crop.side) return placement;
  return { ...placement, crop: inside, head: anchorFor(location, inside) };
}

/** What the kept photo is dressed with: the sure cut-out (for the suit and the rim), and the head. */
export interface KeptDress {
  readonly matte?: PetMatte;
  readonly outfit: Outfit | undefined;
  readonly head: HeadAnchor;
}

/**
 * The layers of a kept photo over the scene, in order: the square of the photo filling the
 * portrait (the suit worn inside a sure cut-out), the costume's grade, the moon's glow, the rim of
 * moonlight on the pet and the vignette. The first is opaque: nothing of the scene shows.
 */
export async function keptPhoto(
  pet: Buffer,
  crop: DiscCrop,
  palette: Palette,
  mirror: boolean,
  dress: KeptDress,
): Promise<OverlayOptions[]> {
  const size = PORTRAIT_SIZE;
  const meta = await sharp(pet, { animated: false }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? (meta.height ?? 1) : (meta.width ?? 1);
  const height = turned ? (meta.width ?? 1) : (meta.height ?? 1);
  const scale = size / crop.side;
  // The photo drawn at the portrait's scale covers it: the crop is inside the photo.
  const drawn = {
    width: Math.max(size, Math.round(width * scale)),
    height: Math.max(size, Math.round(height * scale)),
  };
  const region = {
    left: Math.max(0, Math.min(drawn.width - size, Math.round(crop.x * scale))),
    top: Math.max(0, Math.min(drawn.height - size, Math.round(crop.y * scale))),
    width: size,
    height: size,
  };
  const raw = { raw: { width: size, height: size, channels: 4 as const } };
  const photo = await sharp(pet, { animated: false })
    .rotate()
    .resize(drawn.width, drawn.height, { fit: 'fill' })
    .extract(region)
    .modulate(PHOTO_LOOK)
    .removeAlpha()
    .ensureAlpha()
    .raw()
    .toBuffer();
  const alpha = dress.matte ? await matteOn(dress.matte, drawn, region) : undefined;
  if (alpha) {
    // The suit is laid inside the cut-out (wearSuit reads the alpha), then the photo is opaque again.
    for (let i = 0; i < size * size; i++) photo[i * 4 + 3] = alpha[i] ?? 0;
    await wearSuit(photo, size, size, dress.outfit, {
      x: dress.head.cx * size,
      y: dress.head.cy * size,
      r: dress.head.r * size,
      facing: dress.head.facing,
    });
    for (let i = 0; i < size * size; i++) photo[i * 4 + 3] = 255;
  }
  const moonX = mirror ? size - MOON.cx : MOON.cx;
  return [
    { input: photo, ...raw, left: 0, top: 0 },
    { input: gradeSvg(palette), blend: 'soft-light' },
    { input: moonGlowSvg(moonX), blend: 'screen' },
    ...(alpha
      ? [
          {
            input: rimLight(alpha, size, size, { x: Math.sign(moonX - size / 2), y: -1 }),
            ...raw,
            left: 0,
            top: 0,
            blend: 'screen' as const,
          },
        ]
      : []),
    { input: vignetteSvg() },
  ];
}

/** A photo keeps its colours: a little less saturated and lighter, as the disc's photo is. */
const PHOTO_LOOK = { saturation: 0.9, brightness: 1.04 };

/** The matte on the portrait: resized as the photo was and cut to the same square. */
async function matteOn(
  matte: PetMatte,
  drawn: { width: number; height: number },
  region: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  return (
    sharp(Buffer.from(matte.alpha), {
      raw: { width: matte.width, height: matte.height, channels: 1 },
    })
      .resize(drawn.width, drawn.height, { fit: 'fill' })
      .extract(region)
      // A matte blown up from a small photo would show its pixels as steps along the suit's edge.
      .blur(Math.max(0.3, Math.min(4, (drawn.width / matte.width) * 0.4)))
      .extractChannel(0)
      .raw()
      .toBuffer()
  );
}

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}">${body}</svg>`,
  );

/** The costume's colours over the whole photo, lightly (soft light of their mid-tones). */
const gradeSvg = (palette: Palette) =>
  svg(
    `<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(midTone(palette.accent))}"/><stop offset="1" stop-color="${hex(midTone(palette.secondary))}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#t)" opacity="0.3"/>`,
  );

/** The moon's pale glow falling from its corner of the portrait. */
const moonGlowSvg = (moonX: number) =>
  svg(
    `<defs><radialGradient id="m"><stop offset="0" stop-color="#fff1c4" stop-opacity="0.32"/><stop offset="1" stop-color="#fff1c4" stop-opacity="0"/></radialGradient></defs><circle cx="${moonX}" cy="${MOON.cy}" r="${MOON.r * 6}" fill="url(#m)"/>`,
  );
