// How an uploaded photo is dressed from where its pet was located (locate/pet-location.ts): which
// square of the photo the round pet disc shows, and where the pet's head and body then are in it,
// as the HeadAnchor the wearables are placed by.
import {
  FACE_TRUSTED,
  LOCATION_TRUSTED,
  type PetLocation,
  type PixelBox,
} from './locate/pet-location';
import { PET_DISC, PORTRAIT_SIZE } from './scene';
import type { Box, FaceMarks, HeadAnchor } from './wearables';

/** A square of the photo in its pixels (as seen); it may reach past the photo's edges. */
export interface DiscCrop {
  readonly x: number;
  readonly y: number;
  readonly side: number;
}

export interface Placement {
  /** The pet in its photo's disc, or cut out and standing in the scene (stage.ts). */
  readonly frame: Frame;
  /** The square of the photo the frame shows. */
  readonly crop: DiscCrop;
  /** The pet's head and body in fractions of the crop, as the wearables take them. */
  readonly head: HeadAnchor;
}

export type Frame = 'disc' | 'stage';

/** Where a frame's square lies on the portrait, in its pixels. */
export function frameSquare(frame: Frame): { left: number; top: number; side: number } {
  return frame === 'disc'
    ? { left: PET_DISC.cx - PET_DISC.r, top: PET_DISC.cy - PET_DISC.r, side: PET_DISC.r * 2 }
    : { left: 0, top: 0, side: PORTRAIT_SIZE };
}

/** How far down its box (ears included) a head's eyes are taken to be, without landmarks. */
export const EYES_AT = 0.5;

/**
 * A head box grown before it is fitted into the circle, as fractions of its size: a detector's box
 * often stops short of the ears, and the ring's inner shadow darkens the disc's edge.
 */
const PAD = { top: 0.12, side: 0.06, bottom: 0 } as const;
/** The grown head's corners stay within this fraction of the disc's radius: clear of the ring. */
export const HEAD_INSIDE = 0.9;
/** A head's radius is at most this fraction of the disc's side (the largest preset head's), ... */
const MAX_HEAD = 0.28;
/** ... and at least this, unless the grown head needs more room; about this size reads best. */
const MIN_HEAD = 0.1;
const GOOD_HEAD = 0.2;
/** The tallest piece (the witch's hat) rises this many head radii above the head's centre. */
export const HAT_RISE = 2.75;

/** The radius of the unit head the wearables are drawn for, from a head box. */
export function headRadius(box: PixelBox): number {
  return Math.min(Math.sqrt(box.w * box.h), 1.2 * Math.min(box.w, box.h)) / 2;
}

/** The centre of the unit head: the eyes sit just above it (front) or a little more (side on). */
function headCentre(box: PixelBox, facing: PetLocation['facing']) {
  const r = headRadius(box);
  const eyes = box.y + EYES_AT * box.h;
  return { x: box.x + box.w / 2, y: eyes + (facing === 'front' ? 0.05 : 0.15) * r, r };
}

export function padded(box: PixelBox): PixelBox {
  return {
    x: box.x - PAD.side * box.w,
    y: box.y - PAD.top * box.h,
    w: box.w * (1 + 2 * PAD.side),
    h: box.h * (1 + PAD.top + PAD.bottom),
  };
}

const corners = (b: PixelBox) => [
  [b.x, b.y],
  [b.x + b.w, b.y],
  [b.x, b.y + b.h],
  [b.x + b.w, b.y + b.h],
];

/** Whether every corner of the box is within `radius` of (cx, cy): a circle, not a square. */
export function cornersInside(b: PixelBox, cx: number, cy: number, radius: number): boolean {
  return corners(b).every(([x = 0, y = 0]) => Math.hypot(x - cx, y - cy) <= radius);
}

/** The shares below are sampled at the centres of a grid of this many cells a side. */
const SAMPLES = 12;
const SAMPLE_AT = Array.from({ length: SAMPLES }, (_, i) => (i + 0.5) / SAMPLES);
/** The samples of the square around a unit circle that fall inside it, as offsets from its centre. */
const DISC_SAMPLES = SAMPLE_AT.flatMap((u) =>
  SAMPLE_AT.map((v) => [2 * u - 1, 2 * v - 1] as const).filter(([x, y]) => x * x + y * y <= 1),
);

// planCrop tries some 4,000 circles; these run for each, so they compare squared distances.

/** The share of a box inside a circle, from a grid of samples. */
function shareInside(b: PixelBox, cx: number, cy: number, radius: number): number {
  const r2 = radius * radius;
  let inside = 0;
  for (const u of SAMPLE_AT) {
    const dx = b.x + u * b.w - cx;
    if (dx * dx > r2) continue;
    for (const v of SAMPLE_AT) {
      const dy = b.y + v * b.h - cy;
      if (dx * dx + dy * dy <= r2) inside++;
    }
  }
  return inside / (SAMPLES * SAMPLES);
}

/** The share of a circle inside the photo, from the same grid of samples. */
function circleOnPhoto(width: number, height: number, cx: number, cy: number, radius: number) {
  let on = 0;
  for (const [u, v] of DISC_SAMPLES) {
    const x = cx + u * radius;
    const y = cy + v * radius;
    if (x >= 0 && x <= width && y >= 0 && y <= height) on++;
  }
  return on / DISC_SAMPLES.length;
}

/**
 * The square of the photo the disc shows: the whole grown head inside the circle (its corners),
 * room above the head for a tall hat on the portrait, and then as much of the body and as little
 * beyond the photo's edges as can be had, with the head at a size that reads.
 */
export function planCrop(location: PetLocation): DiscCrop {
  const { head, body, width, height } = location;
  const grown = padded(head);
  const centre = headCentre(head, location.facing);
  const { r } = centre;
  // Pieces over a guessed face are lifted clear of the whole head's box (wearables.ts).
  const rise =
    location.confidence < LOCATION_TRUSTED
      ? (centre.y - head.y) / r + 0.15 + HAT_RISE - 0.45
      : HAT_RISE;
  const halfDiagonal = Math.hypot(grown.w, grown.h) / 2;
  const smallest = Math.max((2 * halfDiagonal) / HEAD_INSIDE, r / MAX_HEAD);
  const largest = Math.max(smallest, r / MIN_HEAD);
  const disc = 2 * PET_DISC.r;
  const discTop = PET_DISC.cy - PET_DISC.r;
  let best: { crop: DiscCrop; score: number } | undefined;
  const sizes = 14;
  for (let s = 0; s <= sizes; s++) {
    const side = smallest * (largest / smallest) ** (s / sizes);
    const radius = side / 2;
    const reach = HEAD_INSIDE * radius;
    // Centres from which every grown corner is within reach: a grid over their bounding box.
    const [x0, x1] = [grown.x + grown.w - reach, grown.x + reach];
    const [y0, y1] = [grown.y + grown.h - reach, grown.y + reach];
    const steps = 16;
    for (let i = 0; i <= steps; i++)
      for (let j = 0; j <= steps; j++) {
        const cx = x0 + ((x1 - x0) * i) / steps;
        const cy = y0 + ((y1 - y0) * j) / steps;
        if (!cornersInside(grown, cx, cy, reach)) continue;
        // The hat's tip stays on the portrait: the head's centre low enough in the disc.
        const headY = discTop + ((centre.y - (cy - radius)) / side) * disc;
        if (headY < (rise * r * disc) / side) continue;
        const score =
          0.6 * shareInside(body, cx, cy, radius) +
          1.5 * circleOnPhoto(width, height, cx, cy, radius) -
          2 * Math.abs(r / side - GOOD_HEAD);
        if (!best || score > best.score + 1e-9)
          best = { crop: { x: cx - radius, y: cy - radius, side }, score };
      }
  }
  // A head too large for any disc (never for a head inside its photo) gets the smallest, centred.
  return (
    best?.crop ?? {
      x: centre.x - smallest / 2,
      y: grown.y + grown.h / 2 - smallest / 2,
      side: smallest,
    }
  );
}

const toBox = (b: PixelBox, crop: DiscCrop): Box => ({
  x0: (b.x - crop.x) / crop.side,
  y0: (b.y - crop.y) / crop.side,
  x1: (b.x + b.w - crop.x) / crop.side,
  y1: (b.y + b.h - crop.y) / crop.side,
});

/**
 * The located head and body in fractions of the crop, for the wearables. A face found and sure
 * goes with it (its eyes tell which art fits: two eyes a face seen from the front, one a profile
 * looking towards its mouth); a face looked for and unsure keeps the face pieces off.
 */
export function anchorFor(location: PetLocation, crop: DiscCrop): HeadAnchor {
  const guessed = location.confidence < LOCATION_TRUSTED;
  const found = location.face;
  const sure = !guessed && found !== undefined && found.confidence >= FACE_TRUSTED;
  const facing = sure ? facingOf(found, location.facing) : location.facing;
  const centre = headCentre(location.head, facing);
  const at = (p: { x: number; y: number }) => ({
    x: (p.x - crop.x) / crop.side,
    y: (p.y - crop.y) / crop.side,
  });
  const face: FaceMarks | undefined = sure
    ? { eyes: found.eyes.map(at), mouth: at(found.mouth), roll: found.roll ?? 0 }
    : undefined;
  return {
    cx: (centre.x - crop.x) / crop.side,
    cy: (centre.y - crop.y) / crop.side,
    r: centre.r / crop.side,
    facing,
    body: toBox(location.body, crop),
    box: toBox(location.head, crop),
    guessed,
    ...(face ? { face } : found && !guessed ? { faceUnsure: true } : {}),
  };
}

/** Two eyes are a face seen from the front; one, a profile looking the way its mouth is. */
function facingOf(
  face: NonNullable<PetLocation['face']>,
  located: PetLocation['facing'],
): PetLocation['facing'] {
  const [eye] = face.eyes;
  if (face.eyes.length !== 1 || !eye) return 'front';
  if (located !== 'front') return located;
  return face.mouth.x < eye.x ? 'left' : 'right';
}

export function placePet(location: PetLocation): Placement {
  const crop = planCrop(location);
  return { frame: 'disc', crop, head: anchorFor(location, crop) };
}
