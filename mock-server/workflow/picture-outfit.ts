// An outfit made from an uploaded costume picture, for a pet that cannot wear the character itself
// (no head on the figure to put the pet's on, the pet's head unsure, the photo's background kept):
// the character's dominant colours and a tile of its body's pattern, worn as a suit (outfits.ts).
// A picture with no figure at all (a landscape, a page of text) still dresses the pet, in bands of
// the picture's own colours.
import sharp from 'sharp';
import type { Figure } from './character';
import type { Rgb } from './color';

/** A suit from a picture: its colours, most worn first, and a tile of its body when it has one. */
export interface PictureOutfit {
  readonly colours: readonly Rgb[];
  /** A square of the figure's body, its backdrop painted the first colour (a PNG). */
  readonly tile?: Buffer;
}

/** The picture is read for colours at this size (long side), and its body's tile taken at this. */
const LOOK = 96;
const TILE = 96;
/** At most this many colours, each worn by at least this share of the body. */
const MOST_COLOURS = 3;
const LEAST_SHARE = 0.08;
/** Two colours nearer than this (largest channel difference) are one. */
const DISTINCT = 56;

/** The outfit of `costume`: from its figure's body when there is a figure, else the whole picture. */
export async function pictureOutfit(costume: Buffer, figure?: Figure): Promise<PictureOutfit> {
  const { data, info } = await sharp(costume, { animated: false })
    .rotate()
    .resize(LOOK, LOOK, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const body = figure && bodyBox(figure, width / figure.width);
  const onBody = (x: number, y: number) => {
    if (!figure || !body) return true;
    if (x < body.x0 || x >= body.x1 || y < body.y0 || y >= body.y1) return false;
    const { matte } = figure;
    const mx = Math.min(matte.width - 1, Math.floor((x * matte.width) / width));
    const my = Math.min(matte.height - 1, Math.floor((y * matte.height) / height));
    return (matte.alpha[my * matte.width + mx] ?? 0) >= 128;
  };
  const colours = dominantColours(data, width, height, onBody);
  const tile = figure && body ? await bodyTile(costume, figure, colours[0]!) : undefined;
  return { colours, ...(tile ? { tile } : {}) };
}

/**
 * The figure's body on a picture `scale` times the figure's size: below its head (or its top
 * third), clear of its sides' arms by a tenth each way.
 */
function bodyBox(figure: Figure, scale: number) {
  const { figure: box, head } = figure;
  const top = head ? head.y + head.h : box.y + box.h / 3;
  const inset = box.w / 10;
  return {
    x0: (box.x + inset) * scale,
    y0: top * scale,
    x1: (box.x + box.w - inset) * scale,
    y1: (box.y + box.h) * scale,
  };
}

/** Up to MOST_COLOURS colours worn by LEAST_SHARE of the pixels at least, most worn first. */
function dominantColours(
  rgba: Buffer,
  width: number,
  height: number,
  counted: (x: number, y: number) => boolean,
): Rgb[] {
  // A coarse histogram (8 levels a channel), each bin keeping the mean of its pixels.
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  let total = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if ((rgba[i + 3] ?? 0) < 128 || !counted(x, y)) continue;
      const [r, g, b] = [rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0];
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bins.set(key, { n: bin.n + 1, r: bin.r + r, g: bin.g + g, b: bin.b + b });
      total++;
    }
  const ranked = [...bins.values()]
    .sort((a, b) => b.n - a.n)
    .map((bin) => ({ n: bin.n, colour: { r: bin.r / bin.n, g: bin.g / bin.n, b: bin.b / bin.n } }));
  // Neighbouring bins of one colour (a shaded sleeve) are merged into the most worn of them.
  const kept: { n: number; colour: Rgb }[] = [];
  for (const bin of ranked) {
    const same = kept.find((k) => distance(k.colour, bin.colour) < DISTINCT);
    if (same) same.n += bin.n;
    else kept.push({ ...bin });
  }
  const worn = kept
    .filter((k) => k.n >= LEAST_SHARE * total)
    .sort((a, b) => b.n - a.n)
    .slice(0, MOST_COLOURS)
    .map((k) => roundRgb(k.colour));
  return worn.length > 0 ? worn : [roundRgb(kept[0]?.colour ?? { r: 60, g: 40, b: 90 })];
}

const distance = (a: Rgb, b: Rgb) =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));

const roundRgb = (c: Rgb): Rgb => ({ r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b) });

/**
 * A square from the middle of the figure's body, TILE pixels a side, what is not figure in it
 * (the backdrop between arm and chest) painted `fill`: the character's print, buttons and belts.
 */
async function bodyTile(costume: Buffer, figure: Figure, fill: Rgb): Promise<Buffer | undefined> {
  const body = bodyBox(figure, 1);
  const side = Math.min(body.x1 - body.x0, body.y1 - body.y0) * 0.6;
  if (side < 8) return undefined;
  const cx = (body.x0 + body.x1) / 2;
  const cy = body.y0 + (body.y1 - body.y0) * 0.3;
  const left = Math.max(0, Math.round(cx - side / 2));
  const top = Math.max(0, Math.round(Math.min(cy - side / 2, body.y1 - side)));
  const length = Math.max(1, Math.min(Math.round(side), figure.width - left, figure.height - top));
  const colour = await sharp(costume, { animated: false })
    .rotate()
    .extract({ left, top, width: length, height: length })
    .resize(TILE, TILE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const { matte } = figure;
  const toMatte = matte.width / figure.width;
  const rgb = Buffer.alloc(TILE * TILE * 3);
  for (let y = 0; y < TILE; y++)
    for (let x = 0; x < TILE; x++) {
      const mx = Math.min(
        matte.width - 1,
        Math.floor((left + ((x + 0.5) * length) / TILE) * toMatte),
      );
      const my = Math.min(
        matte.height - 1,
        Math.floor((top + ((y + 0.5) * length) / TILE) * toMatte),
      );
      const inside = (matte.alpha[my * matte.width + mx] ?? 0) >= 128;
      const i = (y * TILE + x) * 3;
      if (inside) colour.copy(rgb, i, i, i + 3);
      else rgb.set([fill.r, fill.g, fill.b], i);
    }
  return sharp(rgb, { raw: { width: TILE, height: TILE, channels: 3 } })
    .png()
    .toBuffer();
}
