// A LocatePet that answers a photo set's hand-labelled boxes (tests/fixtures/photos/labels.json):
// for reviewing and testing how a pet is dressed apart from how well the detector finds it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { rasterize, type Outline } from './outline';
import type { PetMatte } from './matte';
import { slope } from './face-measure';
import type { LocatePet, PetFace, PetLocation, PixelBox, PixelPoint } from './pet-location';

export interface PhotoLabel {
  readonly file: string;
  readonly head: PixelBox;
  /** Absent in sets labelled with heads only (photos-held-out-2, photos-npm): see bodyOf. */
  readonly body?: PixelBox;
  readonly facing?: PetLocation['facing'];
  readonly note?: string;
  readonly outline?: Outline;
  readonly eyes?: readonly PixelPoint[];
  readonly mouth?: PixelPoint;
}

/** The long side of a matte made from a traced outline, as the locator's mattes are. */
const MATTE_SIDE = 640;

export async function readLabels(dir: string): Promise<PhotoLabel[]> {
  const text = await readFile(path.join(dir, 'labels.json'), 'utf8');
  const { photos } = JSON.parse(text) as { photos: PhotoLabel[] };
  return photos;
}

/** The labelled location of a photo, as a locator with full confidence would answer it. */
export async function labelledLocation(image: Buffer, label: PhotoLabel): Promise<PetLocation> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(image).metadata();
  const [w, h] = orientation >= 5 ? [height, width] : [width, height];
  return {
    width: w,
    height: h,
    head: label.head,
    body: label.body ?? bodyOf(label, w, h),
    facing: label.facing ?? 'front',
    confidence: 1,
    method: 'labels',
    ...(label.eyes?.length && label.mouth ? { face: labelledFace(label.eyes, label.mouth) } : {}),
    ...(label.outline ? { matte: tracedMatte(label.outline, w, h) } : {}),
  };
}

/**
 * A label's body box: the traced outline's bounds, or where no outline was traced, three heads wide
 * and tall below the head (within the photo): a guess, for reviewing the dressing on sets whose
 * labels name heads only.
 */
function bodyOf(label: PhotoLabel, width: number, height: number): PixelBox {
  const points = label.outline?.flat() ?? [];
  if (points.length > 0) {
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    const [x, y] = [Math.min(...xs), Math.min(...ys)];
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  }
  const { head } = label;
  const x = Math.max(0, head.x - head.w);
  const y = head.y;
  return {
    x,
    y,
    w: Math.min(width, head.x + 2 * head.w) - x,
    h: Math.min(height, head.y + 3 * head.h) - y,
  };
}

/** The labelled eyes (left first) and mouth, as a sure face. */
function labelledFace(eyes: readonly PixelPoint[], mouth: PixelPoint): PetFace {
  const sorted = [...eyes].sort((a, b) => a.x - b.x);
  const [a, b] = sorted;
  return {
    eyes: sorted,
    mouth,
    ...(a && b ? { roll: Math.round(slope(a, b)) } : {}),
    confidence: 1,
  };
}

/** A traced outline as a sure, hard-edged matte at most MATTE_SIDE on its long side. */
function tracedMatte(outline: Outline, width: number, height: number): PetMatte {
  const scale = Math.min(1, MATTE_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const mask = rasterize(outline, w, h, { x: w / width, y: h / height });
  return { width: w, height: h, alpha: mask.map((v) => v * 255), confidence: 1 };
}

/** A locator that knows one photo's label (the workflow is handed bytes, not file names). */
export const labelledLocator =
  (label: PhotoLabel): LocatePet =>
  (image) =>
    labelledLocation(image, label);
