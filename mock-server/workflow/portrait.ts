import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { planBats, type BatFlight, type PortraitBox } from './bats';
import { findCharacter } from './character';
import { wearCharacter, type PetHead } from './character-stage';
import { locatePet } from './locate/locate-pet';
import type { PetMatte } from './locate/matte';
import {
  LOCATION_TRUSTED,
  MATTE_TRUSTED,
  type LocatePet,
  type PetLocation,
} from './locate/pet-location';
import { featherEdges } from './feather-edges';
import { turnHead, type HeadPivot } from './head-turn';
import { extractPalette, type Palette } from './palette';
import { frameSquare, placePet, type DiscCrop, type Frame, type Placement } from './placement';
import {
  BADGE,
  PET_DISC,
  PORTRAIT_SIZE,
  STAGE_BADGE,
  backgroundSvg,
  foregroundSvg,
  petDiscSvgs,
  propsSvg,
  vignetteSvg,
  type BadgeSpot,
} from './scene';
import { identifyPreset } from './preset-identity';
import { sceneryFor } from './scenery';
import { seedFrom, seededRandom } from './seeded-random';
import { stagePresetPet } from './preset-stage';
import { planStage, stagedPet } from './stage';
import { PET_HEADS, wearableSvg, wobbleAt, WOBBLE_POSES, type HeadAnchor } from './wearables';

/** Everything the image and the video are drawn from; the video re-uses it instead of recomposing. */
export interface Portrait {
  /** The scene without bats, raw RGB, PORTRAIT_SIZE square; the costume worn at rest. */
  readonly base: Buffer;
  /**
   * The worn costume's sway, for the video: the scene without it and one layer per pose; with the
   * pet standing in the scene, its head too turns with the pieces it wears (`head`, in pixels).
   */
  readonly sway?: {
    readonly scene: Buffer;
    readonly layers: readonly Buffer[];
    readonly head?: HeadPivot;
  };
  readonly bats: readonly BatFlight[];
  readonly palette: Palette;
  readonly seed: number;
  readonly mirror: boolean;
  /** Where the pet's head is on the portrait (what decorations keep clear of). */
  readonly head: PortraitBox;
  /** The square of the pet's picture the disc or the stage shows, and the head in it. */
  readonly placement?: Placement;
}

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/** Cut-out characters float inside the badge; photos fill it, cropped to its circle. */
async function badgeArt(costume: Buffer, badge: BadgeSpot): Promise<Buffer> {
  const COSTUME_SIZE = (badge.r - 8) * 2;
  // Many opaque images still carry an alpha channel: look at the pixels, not the header.
  const { isOpaque } = await sharp(costume, { animated: false }).stats();
  const hasAlpha = !isOpaque;
  const inner = hasAlpha ? Math.round(COSTUME_SIZE * 0.39) * 2 : COSTUME_SIZE;
  const margin = (COSTUME_SIZE - inner) / 2;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COSTUME_SIZE}" height="${COSTUME_SIZE}"><circle cx="${COSTUME_SIZE / 2}" cy="${COSTUME_SIZE / 2}" r="${COSTUME_SIZE / 2}" fill="#fff"/></svg>`,
  );
  return sharp(costume, { animated: false })
    .rotate()
    .resize(inner, inner, { fit: hasAlpha ? 'contain' : 'cover', background: CLEAR })
    .ensureAlpha()
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: CLEAR })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Which presets the inputs are, when the caller knows (make-media); otherwise read off their bytes. */
export interface PresetIds {
  readonly pet?: string;
  readonly costume?: string;
}

/**
 * The preset costume's wearable pieces placed on the pet's head, one picture the size of the
 * portrait per pose of their sway; none for a costume that is not a preset (its badge shows it).
 */
function wornCostume(
  costumeId: string | undefined,
  head: HeadAnchor,
  frame: Frame,
): Buffer[] | undefined {
  if (!costumeId) return undefined;
  const { left, top, side } = frameSquare(frame);
  const poses: Buffer[] = [];
  for (let k = 0; k < WOBBLE_POSES; k++) {
    const pieces = wearableSvg(costumeId, head, side, wobbleAt(k), undefined, frame === 'stage');
    if (!pieces) return undefined;
    poses.push(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}"><g transform="translate(${left} ${top})">${pieces}</g></svg>`,
      ),
    );
  }
  return poses;
}

/** One see-through layer per pose: a head that wears nothing but turns in the video. */
function bareHead(): Buffer[] {
  const clear = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}"/>`,
  );
  return Array.from({ length: WOBBLE_POSES }, () => clear);
}

/**
 * The pet's head to put on a character: a preset's reviewed head and outline, or a photo's
 * located head (its cut-out where that is sure); none when the head is only guessed.
 */
async function headOf(
  pet: Buffer,
  known: {
    readonly reviewed: HeadAnchor | undefined;
    readonly matte: PetMatte | undefined;
    readonly location: PetLocation | undefined;
  },
): Promise<PetHead | undefined> {
  const { reviewed, matte, location } = known;
  if (reviewed) {
    const side = await sideOf(pet);
    const { cx, cy, r } = reviewed;
    return {
      picture: pet,
      width: side,
      height: side,
      head: { x: (cx - r) * side, y: (cy - r) * side, w: 2 * r * side, h: 2 * r * side },
      ...(matte ? { matte } : {}),
      facing: reviewed.facing,
    };
  }
  if (!location) return undefined;
  // A head inside a sure cut-out is taken too: the outline keeps the cut on the pet.
  const sure = location.matte && location.matte.confidence >= MATTE_TRUSTED;
  if (location.confidence < LOCATION_TRUSTED && !sure) return undefined;
  return {
    picture: pet,
    width: location.width,
    height: location.height,
    head: location.head,
    ...(sure ? { matte: location.matte } : {}),
    facing: location.facing,
  };
}

/** The head's box (or its circle's, for a preset pet) on the portrait. */
function headOnPortrait(head: HeadAnchor, frame: Frame): PortraitBox {
  const box = head.box ?? {
    x0: head.cx - head.r,
    y0: head.cy - head.r,
    x1: head.cx + head.r,
    y1: head.cy + head.r,
  };
  const { left, top, side } = frameSquare(frame);
  return {
    x0: left + box.x0 * side,
    y0: top + box.y0 * side,
    x1: left + box.x1 * side,
    y1: top + box.y1 * side,
  };
}

/**
 * The photo's square `crop` at the disc's size, in PHOTO_LOOK, as a picture and what goes over it
 * (the disc's layers follow in one composite). Where the square reaches past the photo, the photo's
 * edges carried on outwards, blurred and dimmed, fill in, and the photo fades into them (a
 * cut-out's transparency shows the disc's backdrop). A close-up thus melts into its own grass or
 * sofa instead of sitting as a sharp square on a stretched, blurred copy of the whole photo.
 */
async function croppedPhoto(
  pet: Buffer,
  crop: DiscCrop,
): Promise<{ picture: Sharp; over: OverlayOptions[] }> {
  const size = PET_DISC.r * 2;
  const {
    width = 1,
    height = 1,
    orientation = 1,
  } = await sharp(pet, {
    animated: false,
  }).metadata();
  const [w, h] = orientation >= 5 ? [height, width] : [width, height];
  const scale = size / crop.side;
  const left = Math.max(0, Math.min(w - 1, Math.floor(crop.x)));
  const top = Math.max(0, Math.min(h - 1, Math.floor(crop.y)));
  const right = Math.max(left + 1, Math.min(w, Math.ceil(crop.x + crop.side)));
  const bottom = Math.max(top + 1, Math.min(h, Math.ceil(crop.y + crop.side)));
  const at = {
    left: Math.max(0, Math.min(size - 1, Math.round((left - crop.x) * scale))),
    top: Math.max(0, Math.min(size - 1, Math.round((top - crop.y) * scale))),
  };
  const out = {
    width: Math.max(1, Math.min(size - at.left, Math.round((right - left) * scale))),
    height: Math.max(1, Math.min(size - at.top, Math.round((bottom - top) * scale))),
  };
  const part = sharp(pet, { animated: false })
    .rotate()
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(out.width, out.height, { fit: 'fill' })
    .modulate(PHOTO_LOOK)
    .ensureAlpha();
  if (out.width === size && out.height === size) return { picture: part, over: [] };
  const inside = await part.raw().toBuffer();
  const raw = { raw: { width: out.width, height: out.height, channels: 4 as const } };
  // The photo's edges that meet the fill fade into it over a few pixels instead of a hard seam.
  const faded = Buffer.from(inside);
  featherEdges(faded, out.width, out.height, {
    left: at.left > 0,
    top: at.top > 0,
    right: at.left + out.width < size,
    bottom: at.top + out.height < size,
  });
  // A blur this wide loses nothing drawn at an eighth of the size and stretched back linearly
  // (within 9 of 255 of the full-size blur on the labelled photos), for a fraction of the work.
  // The photo sits where it will be drawn, its edge rows and columns copied out to the disc's.
  const shrink = (length: number) => Math.max(1, Math.round(length / FILL_SHRINK));
  const small = shrink(size);
  const photo = {
    width: Math.min(small, shrink(out.width)),
    height: Math.min(small, shrink(out.height)),
  };
  const x = Math.min(small - photo.width, Math.round(at.left / FILL_SHRINK));
  const y = Math.min(small - photo.height, Math.round(at.top / FILL_SHRINK));
  const fill = await sharp(inside, raw)
    .resize(photo.width, photo.height, { fit: 'fill' })
    .extend({
      left: x,
      top: y,
      right: small - photo.width - x,
      bottom: small - photo.height - y,
      extendWith: 'copy',
    })
    .blur(FILL_BLUR / FILL_SHRINK)
    .modulate({ brightness: 0.92 })
    .raw()
    .toBuffer();
  return {
    picture: sharp(fill, { raw: { width: small, height: small, channels: 4 } }).resize(size, size, {
      fit: 'fill',
      kernel: 'linear',
    }),
    over: [{ input: faded, ...raw, ...at }],
  };
}

/** A photo keeps its pet recognisable: lifted a little before the disc's lighter wash and shade. */
const PHOTO_LOOK = { saturation: 0.9, brightness: 1.08 };

/** The blurred fill's standard deviation at the disc's size, and how much smaller it is drawn. */
const FILL_BLUR = 18;
const FILL_SHRINK = 8;

/** The pet in its disc: a preset cropped by attention, a photo to where its pet was located. */
async function petDisc(pet: Buffer, palette: Palette, placement?: Placement): Promise<Buffer> {
  const discSize = PET_DISC.r * 2;
  // A photo keeps its pet recognisable: a lighter wash and shade than the presets' stronger look.
  const disc = petDiscSvgs(palette, placement ? 'photo' : 'preset');
  const { picture, over } = placement
    ? await croppedPhoto(pet, placement.crop)
    : {
        picture: sharp(pet, { animated: false })
          .rotate()
          .resize(discSize, discSize, { fit: 'cover', position: sharp.strategy.attention })
          .modulate({ saturation: 0.8 }),
        over: [],
      };
  return picture
    .ensureAlpha()
    .composite([
      ...over,
      // Cut-out pets (transparent backgrounds) sit on a lit backdrop instead of a hole.
      { input: disc.backdrop, blend: 'dest-over' },
      { input: disc.tint, blend: 'soft-light' },
      { input: disc.shade },
      { input: disc.mask, blend: 'dest-in' },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The width of a picture as seen (a preset is square). */
async function sideOf(picture: Buffer): Promise<number> {
  const {
    width = 1,
    height = 1,
    orientation = 1,
  } = await sharp(picture, {
    animated: false,
  }).metadata();
  return orientation >= 5 ? height : width;
}

async function presetIdOf(bytes: Buffer, kind: 'pet' | 'costume'): Promise<string | undefined> {
  const preset = await identifyPreset(bytes);
  return preset?.kind === kind ? preset.id : undefined;
}

export interface PortraitOptions {
  /** Finds the pet in an uploaded photo (not in a preset pet, whose head is reviewed). */
  readonly locate?: LocatePet;
}

export async function composePortrait(
  pet: Buffer,
  costume: Buffer,
  presets: PresetIds = {},
  options: PortraitOptions = {},
): Promise<Portrait> {
  const seed = seedFrom(pet, costume);
  const random = seededRandom(seed);
  const [palette, petId, costumeId] = await Promise.all([
    extractPalette(costume, seed),
    presets.pet ?? presetIdOf(pet, 'pet'),
    presets.costume ?? presetIdOf(costume, 'costume'),
  ]);
  const layout = { mirror: (seed & 1) === 1, palette, scenery: sceneryFor(costumeId, seed) };
  const reviewed = petId ? PET_HEADS[petId] : undefined;
  const preset =
    reviewed && petId ? await stagePresetPet(petId, reviewed, await sideOf(pet)) : undefined;
  const location = reviewed ? undefined : await (options.locate ?? locatePet)(pet);
  // An uploaded costume's character is worn: the pet's head on the character's body.
  const character = costumeId ? undefined : await findCharacter(costume);
  const petHead = character && (await headOf(pet, { reviewed, matte: preset?.matte, location }));
  const dressed =
    character && petHead
      ? await wearCharacter(costume, character, petHead, palette, layout.mirror)
      : undefined;
  const placement =
    dressed?.placement ??
    preset?.placement ??
    (location && (planStage(location) ?? placePet(location)));
  const matte = preset?.matte ?? location?.matte;
  const head = placement?.head ?? reviewed!;
  const frame = placement?.frame ?? 'disc';
  // A worn character has no pieces to sway, but the pet's head still turns in the video.
  const worn = dressed ? bareHead() : wornCostume(costumeId, head, frame);
  // A pet standing in the scene fills it: a costume it wears needs no badge beside it.
  const badge = frame === 'disc' ? BADGE : worn ? undefined : STAGE_BADGE;
  const [petLayers, costumeArt] = await Promise.all([
    dressed
      ? dressed.layers
      : placement?.frame === 'stage' && matte
        ? stagedPet(pet, matte, placement.crop, palette, layout.mirror, { costumeId, head })
        : petDisc(pet, palette, placement).then((disc) => [
            { input: disc, left: PET_DISC.cx - PET_DISC.r, top: PET_DISC.cy - PET_DISC.r },
          ]),
    badge && badgeArt(costume, badge),
  ]);
  const badgeArtAt = badge && {
    left: (layout.mirror ? PORTRAIT_SIZE - badge.cx : badge.cx) - (badge.r - 8),
    top: badge.cy - (badge.r - 8),
  };
  const scene = await sharp(backgroundSvg(layout, random))
    .composite([
      ...(frame === 'stage' ? [{ input: vignetteSvg() }, { input: propsSvg(layout) }] : []),
      ...petLayers,
      {
        input: foregroundSvg(layout, {
          ring: frame === 'disc',
          badge: badge ?? null,
          props: frame === 'disc',
        }),
      },
      ...(costumeArt && badgeArtAt ? [{ input: costumeArt, ...badgeArtAt }] : []),
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  // Worn over the frame, so a tall hat can rise out of the disc. The other poses of its sway are
  // drawn by the video (posesOf), so they do not hold up the image.
  const base = worn ? await wear(scene, worn[0]!) : scene;
  return {
    base,
    ...(worn
      ? { sway: { scene, layers: worn, ...(frame === 'stage' ? { head: pivotOf(head) } : {}) } }
      : {}),
    bats: planBats(random, 6, headOnPortrait(head, frame)),
    palette,
    seed,
    mirror: layout.mirror,
    head: headOnPortrait(head, frame),
    ...(placement ? { placement } : {}),
  };
}

const RAW = { raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 as const } };

function wear(scene: Buffer, layer: Buffer): Promise<Buffer> {
  return sharp(scene, RAW)
    .composite([{ input: layer }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The head's centre and radius in pixels of a stage portrait (its square is the portrait). */
function pivotOf(head: HeadAnchor): HeadPivot {
  return { x: head.cx * PORTRAIT_SIZE, y: head.cy * PORTRAIT_SIZE, r: head.r * PORTRAIT_SIZE };
}

/**
 * The scene once per pose of the worn costume's sway (base first, the pose at rest); just [base]
 * when none is worn. A pet standing in the scene moves its head with what it wears.
 */
export async function posesOf(portrait: Portrait): Promise<readonly Buffer[]> {
  const { sway } = portrait;
  if (!sway) return [portrait.base];
  const rest = await Promise.all(
    sway.layers.slice(1).map((layer, k) => {
      const scene = sway.head
        ? turnHead(sway.scene, PORTRAIT_SIZE, sway.head, wobbleAt(k + 1))
        : sway.scene;
      return wear(scene, layer);
    }),
  );
  return [portrait.base, ...rest];
}
