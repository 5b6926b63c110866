// The pet cut out of its photo and standing in the Halloween scene, instead of a photo in a disc:
// where on the portrait the cut-out goes (large, on the ground, room above the head for a hat),
// and how it is drawn there (the scene's moonlight on its rim, the costume's colours over its fur,
// a shadow where it stands). Used when the locator's matte is sure (MATTE_TRUSTED).
import sharp, { type OverlayOptions } from 'sharp';
import { LOCATION_TRUSTED, MATTE_TRUSTED, type PetLocation } from './locate/pet-location';
import type { PetMatte } from './locate/matte';
import { anchorFor, headRadius, HAT_RISE, type DiscCrop, type Placement } from './placement';
import { hex, midTone } from './color';
import type { Palette } from './palette';
import { clothMask, FLOWING_SUITS } from './cloth';
import { wearSuit, type Outfit } from './outfits';
import { MOON, PORTRAIT_SIZE } from './scene';
import type { HeadAnchor } from './wearables';

/** The largest share of the portrait's width and height the pet's outline may take. */
const MOST_WIDE = 0.84;
const MOST_HIGH = 0.8;
/** Where the feet of a pet seen whole stand, as a share of the portrait's height. */
const GROUND = 0.94;
/** An outline this close (a share of the photo's side) to the photo's edge is cut off by it. */
const AT_EDGE = 0.01;
/** The hat's tip stays this far below the portrait's top edge, in pixels of the portrait. */
const HAT_MARGIN = 16;

/** The outline of the pet in the matte: its box in pixels of the matte, and the edges it meets. */
function outlineOf(matte: PetMatte) {
  const { width, height, alpha } = matte;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] ?? 0) < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return undefined;
  const near = (gap: number, side: number) => gap <= AT_EDGE * side + 1;
  return {
    box: { x0, y0, x1: x1 + 1, y1: y1 + 1 },
    cut: {
      left: near(x0, width),
      right: near(width - 1 - x1, width),
      bottom: near(height - 1 - y1, height),
    },
  };
}

/**
 * The square of the photo that fills the portrait when the pet stands in the scene: the pet's
 * outline as large as MOST_WIDE and MOST_HIGH allow, centred, its feet on the GROUND, and room
 * above its head for the tallest hat. A pet the photo cuts off keeps that edge at the portrait's
 * (a bust rises from the bottom edge, never floats). Undefined without a sure matte.
 */
export function planStage(location: PetLocation): Placement | undefined {
  const { matte } = location;
  if (!matte || matte.confidence < MATTE_TRUSTED) return undefined;
  const outline = outlineOf(matte);
  if (!outline) return undefined;
  const toPhoto = location.width / matte.width;
  const box = {
    x0: outline.box.x0 * toPhoto,
    y0: outline.box.y0 * toPhoto,
    x1: outline.box.x1 * toPhoto,
    y1: outline.box.y1 * toPhoto,
  };
  const { cut } = outline;
  const r = headRadius(location.head);
  const headTop = location.head.y + location.head.h * 0.5 - r;
  // Pieces over a guessed face are lifted clear of the head's box (wearables.ts).
  const rise = (location.confidence < LOCATION_TRUSTED ? 1 : 0) + HAT_RISE;
  let scale = Math.min(
    (MOST_WIDE * PORTRAIT_SIZE) / (box.x1 - box.x0),
    (MOST_HIGH * PORTRAIT_SIZE) / (box.y1 - box.y0),
  );
  const headX = location.head.x + location.head.w / 2;
  // A brim cut by the portrait's edge is worth shrinking the pet a little, not a lot.
  const leastForBrim = scale * BRIM_SHRINK;
  for (let tries = 0; tries < 40; tries++, scale *= 0.95) {
    const plain = cropFor(box, cut, scale);
    const crop =
      roomForBrim(plain, box, cut, headX, r) ?? (scale < leastForBrim ? plain : undefined);
    if (!crop) continue;
    const hatTip = (headTop + r - rise * r - crop.y) * scale;
    if (hatTip >= HAT_MARGIN) return { frame: 'stage', crop, head: headOnPet(location, crop) };
  }
  return undefined;
}

/** The widest piece (the witch's brim) reaches this many head radii to each side of the head. */
const BRIM = 1.6;
/** How far the pet may shrink to keep the brim inside the portrait. */
const BRIM_SHRINK = 0.75;

/**
 * How far the side of a photo that cuts the pet off may come into the portrait to make room for a
 * brim, as a share of the portrait's side: the pet fades into the scene there (fadeAtPhotoEdges).
 */
const MOST_INWARD = 0.15;

/**
 * The crop moved sideways so a brim over the head stays inside the portrait, as long as the
 * pet's outline still fits; undefined when it cannot at this scale (a smaller pet is tried). A
 * pet the photo cuts off at a side keeps that side at the portrait's edge, or within MOST_INWARD
 * of it: a tabby whose photo ends at its shoulder, head by that edge, kept its witch hat's brim
 * cut by the portrait when that side could not move.
 */
function roomForBrim(
  crop: DiscCrop,
  box: { x0: number; x1: number },
  cut: { left: boolean; right: boolean },
  headX: number,
  r: number,
): DiscCrop | undefined {
  const margin = HAT_MARGIN / (PORTRAIT_SIZE / crop.side);
  const lack = Math.max(0, crop.x + margin - (headX - BRIM * r));
  const over = Math.max(0, headX + BRIM * r - (crop.x + crop.side - margin));
  if (lack === 0 && over === 0) return crop;
  if (lack > 0 && over > 0) return undefined;
  const x = crop.x - lack + over;
  const fits =
    (cut.left || box.x0 >= x + margin) && (cut.right || box.x1 <= x + crop.side - margin);
  const inward = Math.max(cut.left ? box.x0 - x : 0, cut.right ? x + crop.side - box.x1 : 0);
  if (!fits || inward > MOST_INWARD * crop.side) return undefined;
  return { ...crop, x };
}

/** A head's box may start this far down the box at most when its top is moved onto the pet. */
const MOST_TRIMMED = 0.45;
/** The share of the head box's columns that must be pet for a row to be the head's top. */
const TOP_ROW_FILLED = 0.2;

/**
 * The located head on the crop, its box's top on the pet's outline: a box found a little large
 * (or guessed) starts above the ears, in the photo's background, and a hat would float there. The
 * top comes down to the first row where a fifth of the box is pet (ear tips count), by MOST_TRIMMED
 * of the box at most, never up; the face's place and size stay as located. A top found on the
 * outline is the head's crown even when the face is guessed (`topOnPet`): a hat may sit on it.
 */
export function headOnPet(location: PetLocation, crop: DiscCrop): HeadAnchor {
  const anchor = anchorFor(location, crop);
  const { matte, head } = location;
  if (!matte || !anchor.box) return anchor;
  const toMatte = matte.width / location.width;
  const x0 = Math.max(0, Math.round(head.x * toMatte));
  const x1 = Math.min(matte.width, Math.round((head.x + head.w) * toMatte));
  const first = Math.max(0, Math.round(head.y * toMatte));
  const last = Math.min(matte.height - 1, Math.round((head.y + head.h * MOST_TRIMMED) * toMatte));
  for (let y = first; y <= last && x1 > x0; y++) {
    let filled = 0;
    for (let x = x0; x < x1; x++) if ((matte.alpha[y * matte.width + x] ?? 0) >= 128) filled++;
    if (filled < TOP_ROW_FILLED * (x1 - x0)) continue;
    const top = (Math.max(head.y, y / toMatte) - crop.y) / crop.side;
    return { ...anchor, box: { ...anchor.box, y0: top }, topOnPet: true };
  }
  return anchor;
}

function cropFor(
  box: { x0: number; y0: number; x1: number; y1: number },
  cut: { left: boolean; right: boolean; bottom: boolean },
  scale: number,
): DiscCrop {
  const side = PORTRAIT_SIZE / scale;
  const centred = (box.x0 + box.x1) / 2 - side / 2;
  const x = cut.left && !cut.right ? box.x0 : cut.right && !cut.left ? box.x1 - side : centred;
  const y = cut.bottom ? box.y1 - side : box.y1 - GROUND * side;
  return { x, y, side };
}

/** How the pet is drawn on the portrait: the layers that go over the scene, in order. */
export async function stagedPet(
  pet: Buffer,
  matte: PetMatte,
  crop: DiscCrop,
  palette: Palette,
  mirror: boolean,
  dress?: {
    readonly outfit: Outfit | undefined;
    readonly head: HeadAnchor;
    /** Told where on the portrait a flowing suit (a cloak) was laid. */
    readonly onCloth?: (mask: Uint8Array) => void;
  },
): Promise<OverlayOptions[]> {
  const size = PORTRAIT_SIZE;
  const scale = size / crop.side;
  const meta = await sharp(pet, { animated: false }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? (meta.height ?? 1) : (meta.width ?? 1);
  const height = turned ? (meta.width ?? 1) : (meta.height ?? 1);
  const drawn = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  // The part of the drawn photo that falls on the portrait.
  const at = { x: Math.round(-crop.x * scale), y: Math.round(-crop.y * scale) };
  const left = Math.max(0, -at.x);
  const top = Math.max(0, -at.y);
  const right = Math.min(drawn.width, size - at.x);
  const bottom = Math.min(drawn.height, size - at.y);
  if (right <= left || bottom <= top) return [];
  const region = { left, top, width: right - left, height: bottom - top };
  const [colour, alpha] = await Promise.all([
    sharp(pet, { animated: false })
      .rotate()
      .resize(drawn.width, drawn.height, { fit: 'fill' })
      .extract(region)
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp(Buffer.from(matte.alpha), {
      raw: { width: matte.width, height: matte.height, channels: 1 },
    })
      .resize(drawn.width, drawn.height, { fit: 'fill' })
      .extract(region)
      // sharp widens a one-channel picture to three on the way out: keep one.
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const { width: w, height: h } = region;
  const place = { left: at.x + left, top: at.y + top };
  fadeAtPhotoEdges(alpha, w, h, {
    left: at.x > 0,
    top: at.y > 0,
    right: at.x + drawn.width < size,
    bottom: at.y + drawn.height < size,
  });
  const rgba = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    rgba[i * 4] = colour[i * 3] ?? 0;
    rgba[i * 4 + 1] = colour[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = colour[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = alpha[i] ?? 0;
  }
  if (dress) {
    // A cloak's place is kept for the video, where it flutters (cloth.ts).
    const flowing = typeof dress.outfit === 'string' && FLOWING_SUITS.has(dress.outfit);
    const bare = dress.onCloth && flowing && Buffer.from(rgba);
    await wearSuit(rgba, w, h, dress.outfit, {
      x: dress.head.cx * size - place.left,
      y: dress.head.cy * size - place.top,
      r: dress.head.r * size,
      facing: dress.head.facing,
    });
    if (bare) dress.onCloth?.(clothMask(bare, rgba, w, h, place));
  }
  const raw = { raw: { width: w, height: h, channels: 4 as const } };
  const moonX = mirror ? size - MOON.cx : MOON.cx;
  const towardMoon = {
    x: Math.sign(moonX - (place.left + w / 2)),
    y: -1,
  };
  return [
    ...contactShadow(alpha, w, h, place, size),
    { input: await graded(rgba, w, h, palette), ...raw, ...place },
    { input: rimLight(alpha, w, h, towardMoon), ...raw, ...place, blend: 'screen' },
  ];
}

/** How far into the pet a straight edge of its photo fades, as a share of the portrait's side. */
const EDGE_FADE = 0.06;

/**
 * Where the photo ends inside the portrait and the pet with it (a face filling the frame, a body
 * the photo cuts off), the pet fades into the scene over EDGE_FADE instead of stopping at a
 * straight line. `inside` says which of the photo's edges lie inside the portrait: the region's own
 * edges there are the photo's.
 */
function fadeAtPhotoEdges(
  alpha: Buffer,
  w: number,
  h: number,
  inside: { left: boolean; top: boolean; right: boolean; bottom: boolean },
): void {
  const fade = EDGE_FADE * PORTRAIT_SIZE;
  const ease = (distance: number) => {
    const t = Math.min(1, distance / fade);
    return t * t * (3 - 2 * t);
  };
  for (let y = 0; y < h; y++) {
    const vertical = (inside.top ? ease(y + 0.5) : 1) * (inside.bottom ? ease(h - y - 0.5) : 1);
    for (let x = 0; x < w; x++) {
      const share =
        vertical * (inside.left ? ease(x + 0.5) : 1) * (inside.right ? ease(w - x - 0.5) : 1);
      if (share < 1) alpha[y * w + x] = Math.round((alpha[y * w + x] ?? 0) * share);
    }
  }
}

/** The costume's colours over the fur, lightly: soft light of its mid-tones, inside the pet only. */
async function graded(rgba: Buffer, w: number, h: number, palette: Palette): Promise<Buffer> {
  const tint = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(midTone(palette.accent))}"/><stop offset="1" stop-color="${hex(midTone(palette.secondary))}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#t)" opacity="0.2"/></svg>`,
  );
  const raw = { raw: { width: w, height: h, channels: 4 as const } };
  const tinted = await sharp(rgba, raw)
    .composite([{ input: tint, blend: 'soft-light' }])
    .raw()
    .toBuffer();
  // soft-light keeps the photo's alpha only where the tint is; put the matte's back.
  for (let i = 3; i < tinted.length; i += 4) tinted[i] = rgba[i] ?? 0;
  return tinted;
}

/** Moonlight on the edge of the pet that faces the moon: the outline's inside rim, pale gold. */
export function rimLight(
  alpha: Buffer,
  w: number,
  h: number,
  toward: { x: number; y: number },
): Buffer {
  const reach = Math.max(2, Math.round(Math.max(w, h) / 120));
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const own = (alpha[i] ?? 0) / 255;
      if (own === 0) continue;
      const sx = Math.min(w - 1, Math.max(0, x + toward.x * reach));
      const sy = Math.min(h - 1, Math.max(0, y + toward.y * reach));
      const beyond = 1 - (alpha[sy * w + sx] ?? 0) / 255;
      const light = own * beyond * 0.55;
      out[i * 4] = 255;
      out[i * 4 + 1] = 236;
      out[i * 4 + 2] = 180;
      out[i * 4 + 3] = Math.round(light * 255);
    }
  }
  return out;
}

/** A soft dark ellipse under a pet that stands on the ground (none for a bust cut by the edge). */
function contactShadow(
  alpha: Buffer,
  w: number,
  h: number,
  place: { left: number; top: number },
  size: number,
): OverlayOptions[] {
  // The lowest row of the outline, and its extent there.
  let lowest = -1;
  let [x0, x1] = [w, -1];
  for (let y = h - 1; y >= 0 && lowest < 0; y--) {
    for (let x = 0; x < w; x++) {
      if ((alpha[y * w + x] ?? 0) >= 128) {
        lowest = y;
        break;
      }
    }
  }
  if (lowest < 0 || place.top + lowest >= size - 4) return [];
  for (let y = Math.max(0, lowest - Math.round(h / 8)); y <= lowest; y++) {
    for (let x = 0; x < w; x++) {
      if ((alpha[y * w + x] ?? 0) < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
    }
  }
  const cx = place.left + (x0 + x1) / 2;
  const cy = place.top + lowest;
  const rx = Math.max(30, (x1 - x0) * 0.6);
  const ry = Math.max(10, rx * 0.12);
  return [
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><radialGradient id="c"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="url(#c)"/></svg>`,
      ),
      left: 0,
      top: 0,
    },
  ];
}
