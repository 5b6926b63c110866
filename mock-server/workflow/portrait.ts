import sharp from 'sharp';
import { planBats, type BatFlight } from './bats';
import { extractPalette, type Palette } from './palette';
import { BADGE, PET_DISC, PORTRAIT_SIZE, backgroundSvg, foregroundSvg, petDiscSvgs } from './scene';
import { identifyPreset } from './preset-identity';
import { seedFrom, seededRandom } from './seeded-random';
import { PET_HEADS, PHOTO_HEAD, wearableSvg, wobbleAt, WOBBLE_POSES } from './wearables';

/** Everything the image and the video are drawn from; the video re-uses it instead of recomposing. */
export interface Portrait {
  /** The scene without bats, raw RGB, PORTRAIT_SIZE square; the costume worn at rest. */
  readonly base: Buffer;
  /** The worn costume's sway, for the video: the scene without it and one layer per pose. */
  readonly sway?: { readonly scene: Buffer; readonly layers: readonly Buffer[] };
  readonly bats: readonly BatFlight[];
  readonly palette: Palette;
  readonly seed: number;
  readonly mirror: boolean;
}

const COSTUME_SIZE = (BADGE.r - 8) * 2;
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

/** Cut-out characters float inside the badge; photos fill it, cropped to its circle. */
async function badgeArt(costume: Buffer): Promise<Buffer> {
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
async function wornCostume(
  pet: Buffer,
  costume: Buffer,
  ids: PresetIds,
): Promise<Buffer[] | undefined> {
  const petId = ids.pet ?? (await presetIdOf(pet, 'pet'));
  const costumeId = ids.costume ?? (await presetIdOf(costume, 'costume'));
  if (!costumeId) return undefined;
  const head = (petId && PET_HEADS[petId]) || PHOTO_HEAD;
  const side = PET_DISC.r * 2;
  const poses: Buffer[] = [];
  for (let k = 0; k < WOBBLE_POSES; k++) {
    const pieces = wearableSvg(costumeId, head, side, wobbleAt(k));
    if (!pieces) return undefined;
    poses.push(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}"><g transform="translate(${PET_DISC.cx - PET_DISC.r} ${PET_DISC.cy - PET_DISC.r})">${pieces}</g></svg>`,
      ),
    );
  }
  return poses;
}

async function presetIdOf(bytes: Buffer, kind: 'pet' | 'costume'): Promise<string | undefined> {
  const preset = await identifyPreset(bytes);
  return preset?.kind === kind ? preset.id : undefined;
}

export async function composePortrait(
  pet: Buffer,
  costume: Buffer,
  presets: PresetIds = {},
): Promise<Portrait> {
  const seed = seedFrom(pet, costume);
  const random = seededRandom(seed);
  const palette = await extractPalette(costume, seed);
  const layout = { mirror: (seed & 1) === 1, palette };
  const discSize = PET_DISC.r * 2;
  const disc = petDiscSvgs(palette);
  const [petDisc, costumeArt, worn] = await Promise.all([
    sharp(pet, { animated: false })
      .rotate()
      .resize(discSize, discSize, { fit: 'cover', position: sharp.strategy.attention })
      .modulate({ saturation: 0.8 })
      .ensureAlpha()
      .composite([
        // Cut-out pets (transparent backgrounds) sit on a lit backdrop instead of a hole.
        { input: disc.backdrop, blend: 'dest-over' },
        { input: disc.tint, blend: 'soft-light' },
        { input: disc.shade },
        { input: disc.mask, blend: 'dest-in' },
      ])
      .png({ compressionLevel: 0 })
      .toBuffer(),
    badgeArt(costume),
    wornCostume(pet, costume, presets),
  ]);
  const badgeX = layout.mirror ? PORTRAIT_SIZE - BADGE.cx : BADGE.cx;
  const scene = await sharp(backgroundSvg(layout, random))
    .composite([
      { input: petDisc, left: PET_DISC.cx - PET_DISC.r, top: PET_DISC.cy - PET_DISC.r },
      { input: foregroundSvg(layout) },
      {
        input: costumeArt,
        left: badgeX - COSTUME_SIZE / 2,
        top: BADGE.cy - COSTUME_SIZE / 2,
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  // Worn over the frame, so a tall hat can rise out of the disc. The other poses of its sway are
  // drawn by the video (posesOf), so they do not hold up the image.
  const base = worn ? await wear(scene, worn[0]!) : scene;
  return {
    base,
    ...(worn ? { sway: { scene, layers: worn } } : {}),
    bats: planBats(random, 6),
    palette,
    seed,
    mirror: layout.mirror,
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

/** The scene once per pose of the worn costume's sway (base first); just [base] when none is worn. */
export async function posesOf(portrait: Portrait): Promise<readonly Buffer[]> {
  const { sway } = portrait;
  if (!sway) return [portrait.base];
  const rest = await Promise.all(sway.layers.slice(1).map((layer) => wear(sway.scene, layer)));
  return [portrait.base, ...rest];
}
