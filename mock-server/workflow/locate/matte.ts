import { FEATURE_GRID } from './animal-detector';
import type { UnitBox } from './head-probe';
import { loadOpenCv, withMats, type OpenCv } from './opencv';
import type { RgbImage } from './silhouette';

// The pet cut out from its photo: a soft alpha matte. The head probe's third read tells, cell by
// cell of the detector's feature grid, how likely the cell is part of the animal; GrabCut
// (OpenCV) then separates the animal from the scene on a small copy of the photo, seeded by that
// read, the animal's box and its head; the piece joined to the head is kept and its small holes
// filled; a guided filter over the photo's own lightness softens the edge so fur, whiskers and
// ears fade as they do in the photo instead of ending in a staircase.

/** The long side of the picture GrabCut works on: its cost grows with the pixels. */
const CUT_SIZE = 200;
/** GrabCut's rounds of re-fitting its colour models. */
const ROUNDS = 4;
/** How far beyond the animal's box the animal may still reach (detector boxes miss ears, tails). */
const BOX_MARGIN = 0.12;
/** The guided filter's window (in pixels of the photo at the matte's size) and its smoothing. */
const EDGE_RADIUS = 3;
const EDGE_EPSILON = 0.004;

export interface PetMatte {
  readonly width: number;
  readonly height: number;
  /** One byte a pixel, row by row: 255 where the pet is, 0 where the scene is. */
  readonly alpha: Uint8Array;
  /** 0 to 1: how sure the cut is (an animal that fills its box sensibly, its head inside). */
  readonly confidence: number;
}

/**
 * How the probe's chance that a cell is animal seeds GrabCut: at least SURE_PET, pet for certain;
 * at least LIKELY_PET, probably pet; under SURE_SCENE, scene for certain; probably scene between.
 */
const SURE_PET = 0.9;
const LIKELY_PET = 0.5;
const SURE_SCENE = 0.1;

/** GrabCut's labels: sure and probable background and foreground. */
const GC = { background: 0, foreground: 1, probablyBackground: 2, probablyForeground: 3 } as const;

/** Where the locator found the pet, in fractions of the picture, and how sure it is. */
export interface PetSight {
  readonly animal: UnitBox;
  readonly head: UnitBox;
  /** Whether the head's middle may be taken as pet for certain. */
  readonly sureOfHead: boolean;
  /** FEATURE_GRID x FEATURE_GRID chances that each cell is animal (see petChances); none: box only. */
  readonly chances?: Float32Array;
}

/** The pet's matte at the size of `photo`. */
export async function cutOutPet(photo: RgbImage, sight: PetSight): Promise<PetMatte> {
  const { animal, head } = sight;
  const cv = await loadOpenCv();
  const small = shrink(photo, CUT_SIZE);
  const seeds = seedsFor(small.width, small.height, sight);
  const cut = grabCut(cv, small, seeds);
  const kept = fillSmallHoles(pieceHolding(cut, small.width, small.height, centreOf(head)), small);
  const alpha = softEdge(photo, enlarge(kept, small, photo));
  return {
    width: photo.width,
    height: photo.height,
    alpha,
    confidence: sureness(kept, small, animal, head),
  };
}

/**
 * GrabCut's starting labels: from the probe's chances where it has read them, else the animal's
 * box (pet inside, scene beyond a margin); the head's middle is pet.
 */
function seedsFor(width: number, height: number, sight: PetSight): Uint8Array {
  const { animal, head, sureOfHead, chances } = sight;
  const seeds = new Uint8Array(width * height);
  const reach = {
    x0: animal.x - animal.w * BOX_MARGIN,
    y0: animal.y - animal.h * BOX_MARGIN,
    x1: animal.x + animal.w * (1 + BOX_MARGIN),
    y1: animal.y + animal.h * (1 + BOX_MARGIN),
  };
  const core = { cx: head.x + head.w / 2, cy: head.y + head.h / 2, rx: head.w / 5, ry: head.h / 5 };
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      let label: number;
      if (chances) {
        const chance = chanceAt(chances, u, v);
        label =
          chance >= SURE_PET
            ? GC.foreground
            : chance >= LIKELY_PET
              ? GC.probablyForeground
              : chance >= SURE_SCENE
                ? GC.probablyBackground
                : GC.background;
      } else {
        const inAnimal =
          u >= animal.x && u <= animal.x + animal.w && v >= animal.y && v <= animal.y + animal.h;
        const inReach = u >= reach.x0 && u <= reach.x1 && v >= reach.y0 && v <= reach.y1;
        label = inAnimal ? GC.probablyForeground : inReach ? GC.probablyBackground : GC.background;
      }
      const inCore = ((u - core.cx) / core.rx) ** 2 + ((v - core.cy) / core.ry) ** 2 <= 1;
      if (inCore) label = sureOfHead ? GC.foreground : Math.max(label, GC.probablyForeground);
      seeds[y * width + x] = label;
    }
  }
  return seeds;
}

/** The chance read at a point of the picture (fractions), between the cells' centres. */
function chanceAt(chances: Float32Array, u: number, v: number): number {
  const g = FEATURE_GRID;
  const gx = Math.min(g - 1, Math.max(0, u * g - 0.5));
  const gy = Math.min(g - 1, Math.max(0, v * g - 0.5));
  const i0 = Math.floor(gx);
  const j0 = Math.floor(gy);
  const i1 = Math.min(g - 1, i0 + 1);
  const j1 = Math.min(g - 1, j0 + 1);
  const fx = gx - i0;
  const fy = gy - j0;
  const top = (chances[j0 * g + i0] ?? 0) * (1 - fx) + (chances[j0 * g + i1] ?? 0) * fx;
  const bottom = (chances[j1 * g + i0] ?? 0) * (1 - fx) + (chances[j1 * g + i1] ?? 0) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** 1 where GrabCut says pet, 0 where it says scene. */
function grabCut(cv: OpenCv, picture: RgbImage, seeds: Uint8Array): Uint8Array {
  return withMats((keep) => {
    const image = keep(cv.matFromArray(picture.height, picture.width, cv.CV_8UC3, picture.data));
    const mask = keep(cv.matFromArray(picture.height, picture.width, cv.CV_8UC1, seeds));
    const background = keep(new cv.Mat());
    const foreground = keep(new cv.Mat());
    const unused = new cv.Rect(0, 0, 1, 1);
    cv.grabCut(image, mask, unused, background, foreground, ROUNDS, cv.GC_INIT_WITH_MASK);
    const pet = new Uint8Array(picture.width * picture.height);
    for (let i = 0; i < pet.length; i++) {
      const label = mask.data[i];
      pet[i] = label === GC.foreground || label === GC.probablyForeground ? 1 : 0;
    }
    return pet;
  });
}

/** The piece of the cut that holds the head's centre, or the largest piece when none does. */
function pieceHolding(
  mask: Uint8Array,
  width: number,
  height: number,
  point: { x: number; y: number },
): Uint8Array {
  const pieces = labelPieces(mask, width, height, 1);
  const at =
    pieces.labels[
      Math.min(height - 1, Math.floor(point.y * height)) * width +
        Math.min(width - 1, Math.floor(point.x * width))
    ];
  let chosen = at && at > 0 ? at : 0;
  if (!chosen) {
    let most = 0;
    pieces.sizes.forEach((size, label) => {
      if (label > 0 && size > most) {
        most = size;
        chosen = label;
      }
    });
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = pieces.labels[i] === chosen && chosen ? 1 : 0;
  return out;
}

/**
 * Holes in the pet smaller than a fiftieth of the picture become pet (a glint on the fur, a dark
 * nose GrabCut gave to the scene); larger ones stay scene (the gap under a raised paw).
 */
function fillSmallHoles(mask: Uint8Array, picture: { width: number; height: number }): Uint8Array {
  const { width, height } = picture;
  const holes = labelPieces(mask, width, height, 0);
  const touchesEdge = new Set<number>();
  for (let x = 0; x < width; x++) {
    touchesEdge.add(holes.labels[x] ?? 0);
    touchesEdge.add(holes.labels[(height - 1) * width + x] ?? 0);
  }
  for (let y = 0; y < height; y++) {
    touchesEdge.add(holes.labels[y * width] ?? 0);
    touchesEdge.add(holes.labels[y * width + width - 1] ?? 0);
  }
  const small = (width * height) / 50;
  const out = Uint8Array.from(mask);
  for (let i = 0; i < out.length; i++) {
    const label = holes.labels[i] ?? 0;
    if (label > 0 && !touchesEdge.has(label) && (holes.sizes[label] ?? 0) < small) out[i] = 1;
  }
  return out;
}

/** 4-connected pieces of the pixels equal to `value`: a label per pixel (0 elsewhere), sizes. */
function labelPieces(
  mask: Uint8Array,
  width: number,
  height: number,
  value: 0 | 1,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(mask.length);
  const sizes = [0];
  const stack: number[] = [];
  let label = 0;
  const visit = (n: number) => {
    if (mask[n] !== value || labels[n]) return;
    labels[n] = label;
    stack.push(n);
  };
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start]) continue;
    label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      size++;
      const x = i % width;
      if (x > 0) visit(i - 1);
      if (x < width - 1) visit(i + 1);
      if (i >= width) visit(i - width);
      if (i < width * (height - 1)) visit(i + width);
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/**
 * How sure the cut is, 0 to 1: the pet should fill a fair share of the animal's box (a cut that
 * took the whole box, or a sliver of it, has failed) and hold the middle of its head.
 */
function sureness(
  mask: Uint8Array,
  picture: { width: number; height: number },
  animal: UnitBox,
  head: UnitBox,
): number {
  const inAnimal = shareInside(mask, picture, animal);
  const inHead = shareInside(mask, picture, {
    x: head.x + head.w * 0.25,
    y: head.y + head.h * 0.25,
    w: head.w * 0.5,
    h: head.h * 0.5,
  });
  const fills = inAnimal < 0.2 ? inAnimal / 0.2 : inAnimal > 0.97 ? (1 - inAnimal) / 0.03 : 1;
  const holdsHead = Math.min(1, Math.max(0, (inHead - 0.4) / 0.4));
  return Math.round(fills * holdsHead * 100) / 100;
}

function shareInside(
  mask: Uint8Array,
  picture: { width: number; height: number },
  box: UnitBox,
): number {
  const { width, height } = picture;
  const x0 = Math.max(0, Math.floor(box.x * width));
  const y0 = Math.max(0, Math.floor(box.y * height));
  const x1 = Math.min(width, Math.ceil((box.x + box.w) * width));
  const y1 = Math.min(height, Math.ceil((box.y + box.h) * height));
  let inside = 0;
  let all = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      inside += mask[y * width + x] ?? 0;
      all++;
    }
  }
  return all > 0 ? inside / all : 0;
}

/** The photo at most `side` pixels on its long side, by averaging the pixels each one covers. */
function shrink(photo: RgbImage, side: number): RgbImage {
  const scale = Math.min(1, side / Math.max(photo.width, photo.height));
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor((y * photo.height) / height);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * photo.height) / height));
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor((x * photo.width) / width);
      const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * photo.width) / width));
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let sy = sy0; sy < sy1; sy++) {
          for (let sx = sx0; sx < sx1; sx++)
            sum += photo.data[(sy * photo.width + sx) * 3 + c] ?? 0;
        }
        data[(y * width + x) * 3 + c] = Math.round(sum / ((sy1 - sy0) * (sx1 - sx0)));
      }
    }
  }
  return { data, width, height };
}

/** A 0/1 mask of the small picture, bilinearly enlarged to the photo's size, as 0..1. */
function enlarge(
  mask: Uint8Array,
  small: { width: number; height: number },
  photo: { width: number; height: number },
): Float32Array {
  const out = new Float32Array(photo.width * photo.height);
  for (let y = 0; y < photo.height; y++) {
    const sy = Math.min(
      small.height - 1,
      Math.max(0, ((y + 0.5) * small.height) / photo.height - 0.5),
    );
    const y0 = Math.floor(sy);
    const y1 = Math.min(small.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < photo.width; x++) {
      const sx = Math.min(
        small.width - 1,
        Math.max(0, ((x + 0.5) * small.width) / photo.width - 0.5),
      );
      const x0 = Math.floor(sx);
      const x1 = Math.min(small.width - 1, x0 + 1);
      const fx = sx - x0;
      const top =
        (mask[y0 * small.width + x0] ?? 0) * (1 - fx) + (mask[y0 * small.width + x1] ?? 0) * fx;
      const bottom =
        (mask[y1 * small.width + x0] ?? 0) * (1 - fx) + (mask[y1 * small.width + x1] ?? 0) * fx;
      out[y * photo.width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * The guided filter (He, Sun and Tang): the rough matte refitted, window by window, as a linear
 * function of the photo's lightness, so its edge follows the photo's own edges.
 */
function softEdge(photo: RgbImage, rough: Float32Array): Uint8Array {
  const { width, height } = photo;
  const n = width * height;
  const light = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    light[i] =
      (0.299 * (photo.data[i * 3] ?? 0) +
        0.587 * (photo.data[i * 3 + 1] ?? 0) +
        0.114 * (photo.data[i * 3 + 2] ?? 0)) /
      255;
  }
  const r = Math.max(1, Math.round((EDGE_RADIUS * Math.max(width, height)) / 640));
  const lightSquared = new Float32Array(n);
  const lightTimesRough = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const l = light[i] ?? 0;
    lightSquared[i] = l * l;
    lightTimesRough[i] = l * (rough[i] ?? 0);
  }
  const meanLight = boxMean(light, width, height, r);
  const meanRough = boxMean(rough, width, height, r);
  const meanSquared = boxMean(lightSquared, width, height, r);
  const meanProduct = boxMean(lightTimesRough, width, height, r);
  // a and b of each window's line, reusing the buffers of the sums they come from.
  const a = lightSquared;
  const b = lightTimesRough;
  for (let i = 0; i < n; i++) {
    const ml = meanLight[i] ?? 0;
    const mr = meanRough[i] ?? 0;
    const variance = (meanSquared[i] ?? 0) - ml * ml;
    const covariance = (meanProduct[i] ?? 0) - ml * mr;
    const slope = covariance / (variance + EDGE_EPSILON);
    a[i] = slope;
    b[i] = mr - slope * ml;
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const value = (meanA[i] ?? 0) * (light[i] ?? 0) + (meanB[i] ?? 0);
    alpha[i] = Math.round(Math.min(1, Math.max(0, value)) * 255);
  }
  return alpha;
}

/** The mean over a (2r+1) square window around each pixel (clipped at the picture's edges). */
function boxMean(values: Float32Array, width: number, height: number, r: number): Float32Array {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x] ?? 0;
      sums[(y + 1) * (width + 1) + x + 1] = (sums[y * (width + 1) + x + 1] ?? 0) + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const total =
        (sums[y1 * (width + 1) + x1] ?? 0) -
        (sums[y0 * (width + 1) + x1] ?? 0) -
        (sums[y1 * (width + 1) + x0] ?? 0) +
        (sums[y0 * (width + 1) + x0] ?? 0);
      out[y * width + x] = total / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

function centreOf(b: UnitBox): { x: number; y: number } {
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}
