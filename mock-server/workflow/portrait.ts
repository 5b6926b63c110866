import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { foldsOf, rippleCloth, type Cloth } from './cloth';
import { planBats, type BatFlight, type PortraitBox } from './bats';
import { findFigure } from './character';
import { wearCharacter, type PetHead } from './character-stage';
import { locatePet } from './locate/locate-pet';
import type { PetMatte } from './locate/matte';
import {
  LOCATION_TRUSTED,
  MATTE_TRUSTED,
  type LocatePet,
  type PetLocation,
} from './locate/pet-location';
import { headTurner, type HeadPivot } from './head-turn';
import { extractPalette, type Palette } from './palette';
import { pictureOutfit } from './picture-outfit';
import { insidePhoto, keptPhoto, planKeptPhoto, sureMatte } from './kept-background';
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
import { WORKFLOW_NOTICE, type WorkflowNotice } from '../../domain/model/workflow';
import { sceneryFor, type SceneryKind } from './scenery';
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
    /** A cloak worn over a pet standing in the scene: it flutters with the sway (cloth.ts). */
    readonly cloth?: Cloth;
  };
  /**
   * The pet (its cut-out, its disc, or the character it wears) and what it wears, as layers over
   * the scene: the video hides what is behind it (bats, lights). None for a kept photo.
   */
  readonly figure?: readonly OverlayOptions[];
  /** The costume's place: its lights flicker in the video. */
  readonly scenery: SceneryKind;
  readonly bats: readonly BatFlight[];
  readonly palette: Palette;
  readonly seed: number;
  readonly mirror: boolean;
  /** Where the pet's head is on the portrait (what decorations keep clear of). */
  readonly head: PortraitBox;
  /** The square of the pet's picture the disc or the stage shows, and the head in it. */
  readonly placement?: Placement;
  /** The owner's photo fills the portrait (Keep my photo's background): no pumpkins to flicker. */
  readonly keptBackground?: true;
  /** What the result tells its owner: no character in the costume picture (its colours worn). */
  readonly notice?: WorkflowNotice;
}

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * A preset costume's picture beside a pet in a disc: a cut-out floats inside the badge, an opaque
 * picture fills it, cropped to its circle.
 */
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
 * portrait per pose of their sway; none for a costume that is not a preset.
 */
function wornCostume(
  costumeId: string | undefined,
  head: HeadAnchor,
  frame: Frame,
  suited = frame === 'stage',
): Buffer[] | undefined {
  if (!costumeId) return undefined;
  const { left, top, side } = frameSquare(frame);
  const poses: Buffer[] = [];
  for (let k = 0; k < WOBBLE_POSES; k++) {
    const pieces = wearableSvg(costumeId, head, side, wobbleAt(k), undefined, suited);
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
 * The photo's square `crop` at the disc's size, in PHOTO_LOOK. The crop lies inside the photo
 * (`insidePhoto`): the disc shows the photo alone, never its edges carried on and blurred.
 */
async function croppedPhoto(pet: Buffer, crop: DiscCrop): Promise<Sharp> {
  const size = PET_DISC.r * 2;
  const {
    width = 1,
    height = 1,
    orientation = 1,
  } = await sharp(pet, {
    animated: false,
  }).metadata();
  const [w, h] = orientation >= 5 ? [height, width] : [width, height];
  const left = Math.max(0, Math.min(w - 1, Math.round(crop.x)));
  const top = Math.max(0, Math.min(h - 1, Math.round(crop.y)));
  const side = Math.max(1, Math.min(w - left, h - top, Math.round(crop.side)));
  return sharp(pet, { animated: false })
    .rotate()
    .extract({ left, top, width: side, height: side })
    .resize(size, size, { fit: 'fill' })
    .modulate(PHOTO_LOOK);
}

/** A photo keeps its pet recognisable: lifted a little before the disc's lighter wash and shade. */
const PHOTO_LOOK = { saturation: 0.9, brightness: 1.08 };

/** The pet in its disc: a preset cropped by attention, a photo to where its pet was located. */
async function petDisc(pet: Buffer, palette: Palette, placement?: Placement): Promise<Buffer> {
  const discSize = PET_DISC.r * 2;
  // A photo keeps its pet recognisable: a lighter wash and shade than the presets' stronger look.
  const disc = petDiscSvgs(palette, placement ? 'photo' : 'preset');
  const picture = placement
    ? await croppedPhoto(pet, placement.crop)
    : sharp(pet, { animated: false })
        .rotate()
        .resize(discSize, discSize, { fit: 'cover', position: sharp.strategy.attention })
        .modulate({ saturation: 0.8 });
  return picture
    .ensureAlpha()
    .composite([
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
  /** The uploaded photo fills the portrait, its background kept (a preset pet has none to keep). */
  readonly keepBackground?: boolean;
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
  const kept = options.keepBackground && location ? planKeptPhoto(location) : undefined;
  // An uploaded costume's character is worn: the pet's head on the character's body, in the
  // scene. Where that cannot be (an owner keeping the photo's background keeps the pet in it, a
  // figure with no head, a pet's head unsure), the character's colours and pattern are the pet's
  // outfit; a picture with no figure at all dresses the pet in its colours, and the result says so.
  const figure = costumeId ? undefined : await findFigure(costume);
  const character = !kept && figure?.head ? { ...figure, head: figure.head } : undefined;
  const petHead = character && (await headOf(pet, { reviewed, matte: preset?.matte, location }));
  const dressed =
    character && petHead
      ? await wearCharacter(costume, character, petHead, palette, layout.mirror)
      : undefined;
  const outfit = costumeId ?? (dressed ? undefined : await pictureOutfit(costume, figure));
  const notice = costumeId || figure ? undefined : WORKFLOW_NOTICE.noCharacter;
  const placement =
    dressed?.placement ??
    preset?.placement ??
    kept ??
    (location && (planStage(location) ?? insidePhoto(placePet(location), location)));
  const matte = preset?.matte ?? location?.matte;
  const head = placement?.head ?? reviewed!;
  const frame = placement?.frame ?? 'disc';
  const sure = location && sureMatte(location);
  // A worn character, or an outfit from a picture, has no pieces to sway, but the pet's head still
  // turns in the video.
  const worn =
    dressed || (!costumeId && frame === 'stage')
      ? bareHead()
      : wornCostume(costumeId, head, frame, kept ? Boolean(sure) : undefined);
  // A preset costume's picture sits in a badge beside a pet in a disc; an uploaded one is worn.
  const badge = !costumeId ? undefined : frame === 'disc' ? BADGE : worn ? undefined : STAGE_BADGE;
  let cloth: Uint8Array | undefined;
  const onCloth = (mask: Uint8Array) => {
    cloth = mask;
  };
  const [petLayers, costumeArt] = await Promise.all([
    dressed
      ? dressed.layers
      : kept
        ? keptPhoto(pet, kept.crop, palette, layout.mirror, { matte: sure, outfit, head })
        : placement?.frame === 'stage' && matte
          ? stagedPet(pet, matte, placement.crop, palette, layout.mirror, {
              outfit,
              head,
              onCloth,
            })
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
      ...(frame === 'stage' && !kept
        ? [{ input: vignetteSvg() }, { input: propsSvg(layout) }]
        : []),
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
  // A head in a disc turns too when it was found, not guessed (a guess could turn the photo's
  // background instead).
  const pivot = frame === 'disc' && head.guessed ? undefined : pivotOf(head, frame);
  return {
    base,
    ...(worn
      ? {
          sway: {
            scene,
            layers: worn,
            ...(pivot ? { head: pivot } : {}),
            ...(cloth ? { cloth: { mask: cloth, head: pivotOf(head, frame) } } : {}),
          },
        }
      : {}),
    ...(kept
      ? {}
      : {
          figure: [
            ...petLayers,
            ...(frame === 'disc' ? [{ input: discCover() }] : []),
            ...(worn ? [{ input: worn[0]! }] : []),
          ],
        }),
    scenery: layout.scenery,
    bats: planBats(random, 6, headOnPortrait(head, frame)),
    palette,
    seed,
    mirror: layout.mirror,
    head: headOnPortrait(head, frame),
    ...(placement ? { placement } : {}),
    ...(kept ? { keptBackground: true as const } : {}),
    ...(notice ? { notice } : {}),
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

/** The head's centre and radius in pixels of the portrait; in a disc, it turns inside the disc. */
function pivotOf(head: HeadAnchor, frame: Frame): HeadPivot {
  const { left, top, side } = frameSquare(frame);
  return {
    x: left + head.cx * side,
    y: top + head.cy * side,
    r: head.r * side,
    ...(frame === 'disc' ? { within: { x: PET_DISC.cx, y: PET_DISC.cy, r: PET_DISC.r - 6 } } : {}),
  };
}

/** The disc's ring and spikes: what a bat behind the pet's disc is hidden by too. */
const discCover = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}"><circle cx="${PET_DISC.cx}" cy="${PET_DISC.cy}" r="${PET_DISC.r + 42}" fill="#000"/></svg>`,
  );

/**
 * The scene once per pose of the worn costume's sway (base first, the pose at rest); just [base]
 * when none is worn. A pet standing in the scene moves its head with what it wears.
 */
export function posesOf(portrait: Portrait): Promise<readonly Buffer[]> {
  const { count, poseAt } = poseDrawer(portrait);
  return Promise.all(Array.from({ length: count }, (_, k) => poseAt(k)));
}

/**
 * posesOf one pose at a time, each drawn when first asked for: the video's first frame does not
 * wait for the whole sway. What every pose shares (the cloak's folds, which pixels the head's
 * turn reaches) is worked out once.
 */
export function poseDrawer(portrait: Portrait): {
  readonly count: number;
  readonly poseAt: (k: number) => Promise<Buffer>;
} {
  const { sway } = portrait;
  if (!sway) return { count: 1, poseAt: () => Promise.resolve(portrait.base) };
  const folds = sway.cloth && foldsOf(sway.cloth);
  const turn = sway.head && headTurner(PORTRAIT_SIZE, sway.head);
  const drawn = new Map<number, Promise<Buffer>>([[0, Promise.resolve(portrait.base)]]);
  const draw = async (k: number) => {
    const fluttered = folds ? rippleCloth(sway.scene, folds, k) : sway.scene;
    const scene = turn ? turn(fluttered, wobbleAt(k)) : Buffer.from(fluttered);
    return wearOver(scene, sway.layers[k]!);
  };
  const poseAt = (k: number) => {
    const pose = drawn.get(k) ?? draw(k);
    drawn.set(k, pose);
    return pose;
  };
  return { count: sway.layers.length, poseAt };
}

/**
 * The worn layer (an SVG the size of the portrait) laid over `scene` in place, as `wear` does (a
 * few channels of an edge differ by 1) but only over the layer's drawn pixels: sharp's composite
 * of the whole portrait per pose cost a third of the video's setup.
 */
async function wearOver(scene: Buffer, layer: Buffer): Promise<Buffer> {
  const pixels = await sharp(layer).ensureAlpha().raw().toBuffer();
  for (let j = 3, i = 0; j < pixels.length; j += 4, i += 3) {
    if (pixels[j] === 0) continue;
    const a = pixels[j]! / 255;
    scene[i] = blend(scene[i]!, pixels[j - 3]!, a);
    scene[i + 1] = blend(scene[i + 1]!, pixels[j - 2]!, a);
    scene[i + 2] = blend(scene[i + 2]!, pixels[j - 1]!, a);
  }
  return scene;
}

/** `over` on one channel: the layer's value at alpha a (0..1) over the scene's, cut as libvips does. */
const blend = (under: number, over: number, a: number) => Math.trunc(over * a + under * (1 - a));
