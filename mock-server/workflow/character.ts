// The character in an uploaded costume picture, so the pet can wear it: its figure cut out (the
// picture's own transparency, or a plain backdrop flooded away from the picture's border, as
// costume drawings and costumes laid flat come) and where its head is (the figure's top down to
// its neck). A figure whose head is not found is still a figure: its colours are worn
// (picture-outfit.ts). A picture with no figure at all (a photo on a busy background, a landscape,
// a page of text) gives none, and the result says so.
import sharp from 'sharp';
import type { PetMatte } from './locate/matte';
import type { PixelBox } from './locate/pet-location';

/** A figure with its head found: the pet's head can take the head's place. */
export interface Character extends Figure {
  /** Its head (hat and hair included), in pixels of the picture as seen. */
  readonly head: PixelBox;
}

/** The long side the figure is looked for at. */
const LOOK_SIZE = 400;
/** A border this share of whose pixels are within PLAIN of its middle colour is a plain backdrop. */
const PLAIN_SHARE = 0.8;
const PLAIN = 28;
/** How far (largest channel difference) a pixel may be from the backdrop's colour and be backdrop. */
const BACKDROP = 40;
/** A transparent picture: at least this share of its pixels are see-through. */
const SEE_THROUGH_SHARE = 0.05;
/** A figure takes this share of the picture at least and at most, and this share of its height. */
const LEAST_AREA = 0.04;
const MOST_AREA = 0.92;
const LEAST_HEIGHT = 0.35;
/** A head takes at most this share of the figure's width and height. */
const MOST_HEAD_WIDE = 0.85;
const MOST_HEAD_HIGH = 0.66;

/**
 * The figure cut out of a costume picture, and its head when one is found (a floating astronaut
 * has no neck to see): a figure without one is still worn, as the pet's outfit.
 */
export interface Figure {
  /** The picture's size as seen, after EXIF orientation. */
  readonly width: number;
  readonly height: number;
  /** The figure, at most LOOK_SIZE on its long side; confidence 1 (its outline is clear). */
  readonly matte: PetMatte;
  /** The whole figure's box, in pixels of the picture as seen. */
  readonly figure: PixelBox;
  /** Its head, when one was found under the figure's top. */
  readonly head?: PixelBox;
}

/** The character in `costume`, or undefined when no figure stands out or it has no head. */
export async function findCharacter(costume: Buffer): Promise<Character | undefined> {
  const found = await findFigure(costume);
  return found?.head ? { ...found, head: found.head } : undefined;
}

/** The figure in `costume` (its head when one is found), or undefined when none stands out. */
export async function findFigure(costume: Buffer): Promise<Figure | undefined> {
  const picture = sharp(costume, { animated: false }).rotate();
  const { data, info } = await picture
    .resize(LOOK_SIZE, LOOK_SIZE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const seen = await sharp(costume, { animated: false }).metadata();
  const turned = (seen.orientation ?? 1) >= 5;
  const full = {
    width: (turned ? seen.height : seen.width) ?? width,
    height: (turned ? seen.width : seen.height) ?? height,
  };
  const figure = figureMask(data, width, height);
  if (!figure) return undefined;
  const kept = largestPiece(figure, width);
  const box = boxOf(kept, width, height);
  if (!box) return undefined;
  const area = kept.reduce((sum, value) => sum + (value ? 1 : 0), 0) / (width * height);
  if (area < LEAST_AREA || area > MOST_AREA || box.y1 - box.y0 < LEAST_HEIGHT * height)
    return undefined;
  const toFull = full.width / width;
  const pixels = (b: { x0: number; y0: number; x1: number; y1: number }): PixelBox => ({
    x: b.x0 * toFull,
    y: b.y0 * toFull,
    w: (b.x1 - b.x0) * toFull,
    h: (b.y1 - b.y0) * toFull,
  });
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = kept[i] ? 255 : 0;
  const head = headOf(kept, width, box);
  // A "head" as wide as the figure or half its height is not one (an astronaut's whole suit).
  const headless =
    head.x1 - head.x0 > MOST_HEAD_WIDE * (box.x1 - box.x0) ||
    head.y1 - head.y0 > MOST_HEAD_HIGH * (box.y1 - box.y0);
  return {
    ...full,
    matte: { width, height, alpha, confidence: 1 },
    figure: pixels(box),
    ...(headless ? {} : { head: pixels(head) }),
  };
}

/** Which pixels are figure: the picture's own alpha, or all but a plain backdrop; undefined if neither. */
function figureMask(rgba: Buffer, width: number, height: number): Uint8Array | undefined {
  const count = width * height;
  let clear = 0;
  for (let i = 0; i < count; i++) if ((rgba[i * 4 + 3] ?? 255) < 128) clear++;
  const mask = new Uint8Array(count);
  if (clear >= SEE_THROUGH_SHARE * count) {
    for (let i = 0; i < count; i++) mask[i] = (rgba[i * 4 + 3] ?? 0) >= 128 ? 1 : 0;
    return mask;
  }
  const backdrop = borderColour(rgba, width, height);
  if (!backdrop) return undefined;
  // Flood the backdrop in from the border: what it cannot reach (the figure, and the backdrop's
  // colour inside the figure's outline, a white shirt) is figure.
  const near = (i: number) =>
    Math.max(
      Math.abs((rgba[i * 4] ?? 0) - backdrop[0]),
      Math.abs((rgba[i * 4 + 1] ?? 0) - backdrop[1]),
      Math.abs((rgba[i * 4 + 2] ?? 0) - backdrop[2]),
    ) <= BACKDROP;
  const outside = new Uint8Array(count);
  const queue = new Int32Array(count);
  let tail = 0;
  const push = (i: number) => {
    if (outside[i] || !near(i)) return;
    outside[i] = 1;
    queue[tail++] = i;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i + width < count) push(i + width);
  }
  for (let i = 0; i < count; i++) mask[i] = outside[i] ? 0 : 1;
  return mask;
}

/** The colour of a plain border (its per-channel median), or undefined for a busy one. */
function borderColour(
  rgba: Buffer,
  width: number,
  height: number,
): [number, number, number] | undefined {
  const ring: number[] = [];
  for (let x = 0; x < width; x++) ring.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) ring.push(y * width, y * width + width - 1);
  const median = (channel: number) => {
    const values = ring.map((i) => rgba[i * 4 + channel] ?? 0).sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  };
  const colour: [number, number, number] = [median(0), median(1), median(2)];
  const plain = ring.filter(
    (i) =>
      Math.max(
        Math.abs((rgba[i * 4] ?? 0) - colour[0]),
        Math.abs((rgba[i * 4 + 1] ?? 0) - colour[1]),
        Math.abs((rgba[i * 4 + 2] ?? 0) - colour[2]),
      ) <= PLAIN,
  ).length;
  return plain >= PLAIN_SHARE * ring.length ? colour : undefined;
}

/** The largest 4-connected piece of the mask (a stray speck or a second small figure is dropped). */
function largestPiece(mask: Uint8Array, width: number): Uint8Array {
  const label = new Int32Array(mask.length);
  const queue = new Int32Array(mask.length);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let tail = 0;
    queue[tail++] = start;
    label[start] = next;
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % width;
      const around = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const j of around) {
        if (j < 0 || j >= mask.length || !mask[j] || label[j]) continue;
        label[j] = next;
        queue[tail++] = j;
      }
    }
    if (tail > bestSize) [best, bestSize] = [next, tail];
  }
  const kept = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) kept[i] = label[i] === best && best > 0 ? 1 : 0;
  return kept;
}

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function boxOf(mask: Uint8Array, width: number, height: number): Box | undefined {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  return x1 < 0 ? undefined : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** Where the neck may be, as shares of the figure's height below its top. */
const NECK_FROM = 0.08;
const NECK_TO = 0.65;
/** The head's middle is looked for in this share of the figure's height from its top. */
const TOP_SHARE = 0.3;
/** A neck is this much narrower than the widest row of the head above it. */
const NECK_NARROWER = 0.8;
/** Without a neck, the head is this share of the figure's height. */
const HEAD_SHARE = 0.3;

/**
 * The figure's head: from its top down to its neck. Row by row down from the top, the run of
 * figure through the head's middle (arms, a sword or a lasso beside the head are other runs); the
 * neck is the narrowest run in NECK_FROM..NECK_TO of the height that is clearly narrower than the
 * head above it. The head's sides are the median run's in the lower half of the head (the face:
 * a hat's brim does not widen it).
 */
function headOf(mask: Uint8Array, width: number, box: Box): Box {
  const tall = box.y1 - box.y0;
  const wide = box.x1 - box.x0;
  /** The run of figure in row y through x, or the nearest within a tenth of the figure's width. */
  const runAt = (y: number, x: number) => {
    const row = y * width;
    let from = Math.round(x);
    if (!mask[row + from]) {
      const reach = Math.ceil(wide / 10);
      let found = -1;
      for (let step = 1; step <= reach && found < 0; step++) {
        if (from - step >= box.x0 && mask[row + from - step]) found = from - step;
        else if (from + step < box.x1 && mask[row + from + step]) found = from + step;
      }
      if (found < 0) return undefined;
      from = found;
    }
    let to = from;
    while (from > box.x0 && mask[row + from - 1]) from--;
    while (to + 1 < box.x1 && mask[row + to + 1]) to++;
    return { from, to: to + 1 };
  };
  // The head's middle: the column with the most figure in the figure's top rows, over a tenth of
  // its width (a head is a solid blob; a sceptre, a lasso or a raised hand beside it is thin).
  const mass = new Float64Array(width);
  for (let y = box.y0; y < box.y0 + TOP_SHARE * tall; y++)
    for (let x = box.x0; x < box.x1; x++) if (mask[y * width + x]) mass[x]! += 1;
  const half = Math.max(1, Math.round(wide / 20));
  let middle = (box.x0 + box.x1) / 2;
  let most = -1;
  for (let x = box.x0; x < box.x1; x++) {
    let sum = 0;
    for (let k = Math.max(box.x0, x - half); k <= Math.min(box.x1 - 1, x + half); k++)
      sum += mass[k]!;
    if (sum > most) [most, middle] = [sum, x];
  }
  const runs: { y: number; from: number; to: number }[] = [];
  for (let y = box.y0; y < box.y0 + NECK_TO * tall; y++) {
    const run = runAt(y, middle);
    // A gap: what was above (a lasso, a hat thrown up) is not the head; it starts below.
    if (!run) {
      runs.length = 0;
      continue;
    }
    runs.push({ y, ...run });
    middle = (run.from + run.to) / 2;
  }
  const headTop = runs[0]?.y ?? box.y0;
  // The neck: narrow against the head above it, and high (a waist is narrower than a collar).
  let neck = -1;
  let widestAbove = 0;
  let best = Infinity;
  for (const run of runs) {
    const across = run.to - run.from;
    const depth = (run.y - headTop) / tall;
    const cost = across / Math.max(1, widestAbove) + depth;
    if (depth >= NECK_FROM && across <= NECK_NARROWER * widestAbove && cost < best) {
      best = cost;
      neck = run.y;
    }
    widestAbove = Math.max(widestAbove, across);
  }
  const bottom = neck > 0 ? neck : Math.round(headTop + HEAD_SHARE * tall);
  const face = runs.filter((run) => run.y >= (headTop + bottom) / 2 && run.y < bottom);
  if (face.length === 0) return { x0: box.x0, y0: headTop, x1: box.x1, y1: bottom };
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
  return {
    x0: median(face.map((run) => run.from)),
    y0: headTop,
    x1: median(face.map((run) => run.to)),
    y1: bottom,
  };
}
