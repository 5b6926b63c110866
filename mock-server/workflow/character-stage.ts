// An uploaded costume character worn by the pet: the character's figure stands in the scene as a
// located pet would (stage.ts draws it, with its shadow, the costume's grade and the moon's rim),
// and the pet's own head, cut out of its picture, takes the place of the character's head, its
// chin on the character's neck where a soft shadow joins them.
import sharp, { type OverlayOptions } from 'sharp';
import type { Character } from './character';
import type { PetMatte } from './locate/matte';
import type { PixelBox } from './locate/pet-location';
import type { Palette } from './palette';
import type { DiscCrop, Placement } from './placement';
import { PORTRAIT_SIZE } from './scene';
import { stagedPet } from './stage';

/** The pet's head as the workflow knows it: its picture, its box there and its cut-out if sure. */
export interface PetHead {
  readonly picture: Buffer;
  /** The picture's size as seen. */
  readonly width: number;
  readonly height: number;
  /** The head (ears included), in pixels of the picture as seen. */
  readonly head: PixelBox;
  /** The pet's outline; without it the head is cut as a soft oval. */
  readonly matte?: PetMatte;
  readonly facing: 'left' | 'right' | 'front';
}

/** The figure's largest share of the portrait's width and height, and where its feet stand. */
const MOST_WIDE = 0.8;
const MOST_HIGH = 0.74;
const GROUND = 0.94;
/** The pet's head is this much wider than the character's face, and at most this much taller. */
const HEAD_WIDER = 1.25;
const HEAD_TALLER = 1.6;
/** The top of the pet's head stays this far inside the portrait. */
const TOP_MARGIN = 20;
/** Around the head's box, the share of its size cut with it (ruff and chin fur), and faded. */
const HEAD_PAD = { side: 0.1, top: 0.06, bottom: 0.14 };
const CHIN_FADE = 0.22;
/** Where the pet's photo ends at its head, the head fades over this share of its width. */
const EDGE_FADE = 0.12;
/** The head's chin sits this share of its height below the character's neck. */
const CHIN_BELOW_NECK = 0.1;
/** A pet's picture is enlarged at most this much (more is a blur), unless the character would */
/** then be drawn smaller than LEAST_SHRUNK of its fitting size. */
const MOST_ENLARGED = 2.6;
const LEAST_SHRUNK = 0.6;

/**
 * The scene's layers for the pet wearing `character` (pixels of the portrait, in order) and the
 * placement the rest of the workflow reads (the pet's head, for the bats and the video's turn).
 */
export async function wearCharacter(
  costume: Buffer,
  character: Character,
  pet: PetHead,
  palette: Palette,
  mirror: boolean,
): Promise<{ layers: OverlayOptions[]; placement: Placement }> {
  const { figure, head: face } = character;
  // How large the pet's head will be against the character's face, to keep room above it.
  const grow = Math.min((HEAD_WIDER * face.w) / pet.head.w, (HEAD_TALLER * face.h) / pet.head.h);
  const headTop = Math.min(figure.y, face.y + face.h - (1 - CHIN_BELOW_NECK) * pet.head.h * grow);
  let scale = Math.min(
    (MOST_WIDE * PORTRAIT_SIZE) / figure.w,
    (MOST_HIGH * PORTRAIT_SIZE) / figure.h,
  );
  const feet = figure.y + figure.h;
  // The pet's head rising above the character's must stay inside the portrait, and a small
  // picture's head is not blown up past MOST_ENLARGED (the character is drawn smaller instead).
  scale = Math.min(
    scale,
    (GROUND * PORTRAIT_SIZE - TOP_MARGIN) / Math.max(1, feet - headTop),
    Math.max(scale * LEAST_SHRUNK, MOST_ENLARGED / grow),
  );
  const side = PORTRAIT_SIZE / scale;
  const crop: DiscCrop = {
    x: figure.x + figure.w / 2 - side / 2,
    y: feet - GROUND * side,
    side,
  };
  const toPortrait = (x: number, y: number) => ({
    x: (x - crop.x) * scale,
    y: (y - crop.y) * scale,
  });
  const faceTop = toPortrait(face.x, face.y);
  const neck = toPortrait(face.x + face.w / 2, face.y + face.h);
  // The pet's head on the portrait: its chin a little below the character's neck, so the fade
  // under it lies on the collar.
  const size = grow * scale;
  const headBox = {
    w: pet.head.w * size,
    h: pet.head.h * size,
    x: neck.x - (pet.head.w * size) / 2,
    y: neck.y - (1 - CHIN_BELOW_NECK) * pet.head.h * size,
  };
  const [figureLayers, cut] = await Promise.all([
    stagedPet(costume, withoutHead(character), crop, palette, mirror),
    cutHead(pet, size, headBox),
  ]);
  // The character's hat on the top of the pet's head, as wide against it as it was on the face.
  const hatCrop = hatOnHead(character, scale * (headBox.w / (HEAD_WIDER * face.w * scale)), {
    x: headBox.x + headBox.w / 2,
    y: cut.crown + HAT_SINKS * headBox.h,
  });
  // Drawn as the figure is, but in the air: no shadow on the ground under it.
  const hatLayers = (await stagedPet(costume, hatOf(character), hatCrop, palette, mirror)).slice(
    -2,
  );
  const headLayer = cut.layer;
  const r = Math.sqrt(headBox.w * headBox.h) / 2;
  const unit = (value: number) => value / PORTRAIT_SIZE;
  const body = toPortrait(figure.x, face.y + face.h);
  const bodyEnd = toPortrait(figure.x + figure.w, feet);
  return {
    layers: [...figureLayers, neckShadow(neck, face.w * scale), headLayer, ...hatLayers],
    placement: {
      frame: 'stage',
      crop,
      head: {
        cx: unit(headBox.x + headBox.w / 2),
        cy: unit(headBox.y + headBox.h * 0.55),
        r: unit(r),
        facing: pet.facing,
        body: { x0: unit(body.x), y0: unit(body.y), x1: unit(bodyEnd.x), y1: unit(bodyEnd.y) },
        box: {
          x0: unit(headBox.x),
          y0: unit(Math.min(headBox.y, faceTop.y)),
          x1: unit(headBox.x + headBox.w),
          y1: unit(headBox.y + headBox.h),
        },
      },
    },
  };
}

/**
 * The pet's head cut from its picture at `size` portrait pixels per picture pixel, placed with its
 * box at `at`: the matte's outline where there is one (a soft oval where not), fading out under
 * the chin so it meets the character's neck without an edge.
 */
async function cutHead(
  pet: PetHead,
  size: number,
  at: { x: number; y: number; w: number; h: number },
): Promise<{ layer: OverlayOptions; crown: number }> {
  const { head } = pet;
  const x0 = Math.max(0, Math.floor(head.x - HEAD_PAD.side * head.w));
  const y0 = Math.max(0, Math.floor(head.y - HEAD_PAD.top * head.h));
  const x1 = Math.min(pet.width, Math.ceil(head.x + head.w * (1 + HEAD_PAD.side)));
  const y1 = Math.min(pet.height, Math.ceil(head.y + head.h * (1 + HEAD_PAD.bottom)));
  const region = { left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
  const w = Math.max(1, Math.round(region.width * size));
  const h = Math.max(1, Math.round(region.height * size));
  const [colour, outline] = await Promise.all([
    sharp(pet.picture, { animated: false })
      .rotate()
      .extract(region)
      .resize(w, h, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer(),
    pet.matte
      ? sharp(Buffer.from(pet.matte.alpha), {
          raw: { width: pet.matte.width, height: pet.matte.height, channels: 1 },
        })
          .extract(inMatte(region, pet.matte, pet.width))
          .resize(w, h, { fit: 'fill' })
          .blur(1)
          .extractChannel(0)
          .raw()
          .toBuffer()
      : undefined,
  ]);
  // The head's box inside the cut, in its pixels: the oval and the chin's fade are measured on it.
  const box = {
    x0: (head.x - x0) * size,
    y0: (head.y - y0) * size,
    x1: (head.x + head.w - x0) * size,
    y1: (head.y + head.h - y0) * size,
  };
  const fadeFrom = box.y1 - CHIN_FADE * (box.y1 - box.y0);
  const fadeTo = h;
  // Where the photo itself ends (a face filling the frame), the head fades instead of a cut line.
  const fade = Math.max(2, EDGE_FADE * (box.x1 - box.x0));
  const ramp = (distance: number) => Math.min(1, (distance + 0.5) / fade);
  const ends = {
    left: region.left === 0,
    top: region.top === 0,
    right: region.left + region.width >= pet.width,
    bottom: region.top + region.height >= pet.height,
  };
  const edges = (x: number, y: number) =>
    (ends.left ? ramp(x) : 1) *
    (ends.top ? ramp(y) : 1) *
    (ends.right ? ramp(w - 1 - x) : 1) *
    (ends.bottom ? ramp(h - 1 - y) : 1);
  const rgba = Buffer.alloc(w * h * 4);
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const rx = (box.x1 - box.x0) / 2;
  const ry = (box.y1 - box.y0) / 2;
  for (let y = 0; y < h; y++) {
    const t = Math.min(1, Math.max(0, (y - fadeFrom) / Math.max(1, fadeTo - fadeFrom)));
    const chin = 1 - t * t * (3 - 2 * t);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Around the head: the outline where there is one (its body and what lies beside the head
      // fade out past the head's box), a soft oval where not.
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      const own = outline
        ? ((outline[i] ?? 0) / 255) * Math.min(1, Math.max(0, (1.3 - d) / 0.25))
        : Math.min(1, Math.max(0, (1.05 - d) / 0.12));
      rgba[i * 4] = colour[i * 3] ?? 0;
      rgba[i * 4 + 1] = colour[i * 3 + 1] ?? 0;
      rgba[i * 4 + 2] = colour[i * 3 + 2] ?? 0;
      rgba[i * 4 + 3] = Math.round(255 * own * chin * edges(x, y));
    }
  }
  // Where the head box lands, the cut's corner follows; what falls off the portrait is cut away.
  const left = Math.round(at.x - box.x0);
  const top = Math.round(at.y - box.y0);
  return { layer: await onPortrait(rgba, w, h, left, top), crown: top + crownRow(rgba, w, h, box) };
}

/** The first row of the cut where a fifth of the head box's width is pet: the top of its head. */
function crownRow(rgba: Buffer, w: number, h: number, box: { x0: number; x1: number }): number {
  const x0 = Math.max(0, Math.round(box.x0));
  const x1 = Math.min(w, Math.round(box.x1));
  for (let y = 0; y < h; y++) {
    let filled = 0;
    for (let x = x0; x < x1; x++) if ((rgba[(y * w + x) * 4 + 3] ?? 0) >= 128) filled++;
    if (filled >= 0.2 * (x1 - x0)) return y;
  }
  return 0;
}

/** A region of the picture in pixels of its matte (sharp resizes once in a pipeline). */
function inMatte(
  region: { left: number; top: number; width: number; height: number },
  matte: PetMatte,
  pictureWidth: number,
) {
  const k = matte.width / pictureWidth;
  const left = Math.min(matte.width - 1, Math.floor(region.left * k));
  const top = Math.min(matte.height - 1, Math.floor(region.top * k));
  return {
    left,
    top,
    width: Math.max(1, Math.min(matte.width - left, Math.ceil(region.width * k))),
    height: Math.max(1, Math.min(matte.height - top, Math.ceil(region.height * k))),
  };
}

/** A picture placed at (left, top), cut to the portrait (sharp refuses overlays that overhang). */
async function onPortrait(
  rgba: Buffer,
  w: number,
  h: number,
  left: number,
  top: number,
): Promise<OverlayOptions> {
  const x0 = Math.max(0, -left);
  const y0 = Math.max(0, -top);
  const x1 = Math.min(w, PORTRAIT_SIZE - left);
  const y1 = Math.min(h, PORTRAIT_SIZE - top);
  const raw = { raw: { width: w, height: h, channels: 4 as const } };
  const inside = await sharp(rgba, raw)
    .extract({ left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { input: inside, left: left + x0, top: top + y0 };
}

/** The top of the character's head, this share of it, is its hat (or hair): the pet wears it. */
const HAT_SHARE = 0.35;
/** The hat's brim sits this share of the pet's head box below its top (between pricked ears). */
const HAT_SINKS = 0.14;

/** The character's head box in pixels of its matte, whole or its top HAT_SHARE. */
function headRows(character: Character, share: number) {
  const { matte, head, width } = character;
  const k = matte.width / width;
  return {
    x0: Math.max(0, Math.floor((head.x - 0.2 * head.w) * k)),
    x1: Math.min(matte.width, Math.ceil((head.x + 1.2 * head.w) * k)),
    y0: Math.max(0, Math.floor(head.y * k)),
    y1: Math.min(matte.height, Math.ceil((head.y + share * head.h) * k)),
  };
}

/** The character's figure without its head, so none of its face shows around the pet's. */
function withoutHead(character: Character): PetMatte {
  const { matte } = character;
  const { x0, x1, y0, y1 } = headRows(character, 1);
  const alpha = Uint8Array.from(matte.alpha);
  for (let y = y0; y < y1; y++) alpha.fill(0, y * matte.width + x0, y * matte.width + x1);
  return { ...matte, alpha };
}

/** Only the character's hat: the top HAT_SHARE of its head. */
function hatOf(character: Character): PetMatte {
  const { matte } = character;
  const { x0, x1, y0, y1 } = headRows(character, HAT_SHARE);
  const alpha = new Uint8Array(matte.alpha.length);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) alpha[y * matte.width + x] = matte.alpha[y * matte.width + x]!;
  return { ...matte, alpha };
}

/** The square of the costume picture that puts the hat's brim at `brim` on the portrait. */
function hatOnHead(character: Character, scale: number, brim: { x: number; y: number }): DiscCrop {
  const { head } = character;
  const side = PORTRAIT_SIZE / scale;
  return {
    x: head.x + head.w / 2 - brim.x / scale,
    y: head.y + HAT_SHARE * head.h - brim.y / scale,
    side,
  };
}

/** A soft shadow the head casts on the character's collar. */
function neckShadow(neck: { x: number; y: number }, across: number): OverlayOptions {
  const rx = Math.max(12, across * 0.45);
  const ry = Math.max(6, rx * 0.28);
  return {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}"><defs><radialGradient id="n"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${neck.x.toFixed(1)}" cy="${(neck.y + ry * 0.6).toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="url(#n)"/></svg>`,
    ),
    left: 0,
    top: 0,
  };
}
