import sharp from 'sharp';
import { planBats, type BatFlight } from './bats';
import { extractPalette, type Palette } from './palette';
import { BADGE, PET_DISC, PORTRAIT_SIZE, backgroundSvg, foregroundSvg, petDiscSvgs } from './scene';
import { seedFrom, seededRandom } from './seeded-random';

/** Everything the image and the video are drawn from; the video re-uses it instead of recomposing. */
export interface Portrait {
  /** The scene without bats, raw RGB, PORTRAIT_SIZE square. */
  readonly base: Buffer;
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

export async function composePortrait(pet: Buffer, costume: Buffer): Promise<Portrait> {
  const seed = seedFrom(pet, costume);
  const random = seededRandom(seed);
  const palette = await extractPalette(costume, seed);
  const layout = { mirror: (seed & 1) === 1, palette };
  const discSize = PET_DISC.r * 2;
  const disc = petDiscSvgs(palette);
  const [petDisc, costumeArt] = await Promise.all([
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
  ]);
  const badgeX = layout.mirror ? PORTRAIT_SIZE - BADGE.cx : BADGE.cx;
  const base = await sharp(backgroundSvg(layout, random))
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
  return { base, bats: planBats(random, 6), palette, seed, mirror: layout.mirror };
}
