import sharp from 'sharp';
import {
  DETECTOR_SIZE,
  loadAnimalDetector,
  lookAt,
  type CellProbe,
  type Detection,
} from './animal-detector';
import { faceProbe, FACE_OUTPUTS, probedFace, type ProbedFace } from './face-probe';
import { consensusHead, detailImage } from './head-consensus';
import {
  contains,
  headProbe,
  lookedBothWays,
  petChances,
  probedHead,
  type ProbedHead,
  type UnitBox,
} from './head-probe';
import { cutOutPet, type PetMatte } from './matte';
import { loadOpenCv } from './opencv';
import {
  LOCATION_TRUSTED,
  MATTE_TRUSTED,
  type PetFace,
  type PetLocation,
  type PixelBox,
} from './pet-location';
import { silhouette, type IntBox, type RgbImage } from './silhouette';

/** Larger pictures are refused before decoding (a 12000x8000 photo is 96 MP). */
export const MAX_INPUT_PIXELS = 100_000_000;
/** The long side of the picture the silhouette is worked out on. */
const SHAPE_SIZE = 160;
/** Detections scoring less than this (labels of one box added up) are not taken for an animal. */
const MIN_ANIMAL_SCORE = 0.1;

/** Loads the detector ahead of the first photo, so the first run costs no more than the others. */
export async function warmUpLocator(): Promise<void> {
  lookingProbe();
  await Promise.all([loadAnimalDetector(), loadOpenCv()]);
}

/**
 * Finds the pet's head and body in a photo: an animal detector (CenterNet on COCO) gives the
 * animal's box, the largest of several, and a linear probe of its features the head inside it
 * (head-probe.ts), read over the photo and its mirror image alike; the head found from the
 * animal's silhouette checks it and tells which way the face looks. Throws only for a picture
 * that cannot be decoded; anything else that goes wrong gives the fallback.
 */
export async function locatePet(image: Buffer): Promise<PetLocation> {
  const { width, height } = await orientedSize(image);
  try {
    return await locate(image, width, height);
  } catch {
    return fallbackLocation(width, height);
  }
}

/** The pictures the locator works on, from a photo as seen (after EXIF orientation). */
export interface LocatorPictures {
  /** The photo at most 640 px on its long side, RGB. */
  readonly base: RgbImage;
  /** The photo stretched to the detector's square, RGB. */
  readonly square: Buffer;
  /** The photo at most SHAPE_SIZE px on its long side, RGB, for the silhouette. */
  readonly picture: RgbImage;
}

export async function locatorPictures(image: Buffer): Promise<LocatorPictures> {
  const base = await sharp(image, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: 3 as const } };
  const [square, small] = await Promise.all([
    sharp(base.data, raw).resize(DETECTOR_SIZE, DETECTOR_SIZE, { fit: 'fill' }).raw().toBuffer(),
    sharp(base.data, raw)
      .resize(SHAPE_SIZE, SHAPE_SIZE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    base: { data: base.data, width: base.info.width, height: base.info.height },
    square,
    picture: { data: small.data, width: small.info.width, height: small.info.height },
  };
}

async function locate(image: Buffer, width: number, height: number): Promise<PetLocation> {
  const { base, square, picture } = await locatorPictures(image);
  const { detections, cells, faceCells } = await lookForHeadAndFace(square);
  const animal = largestAnimal(detections);
  const box = animal ? toIntBox(animal, picture) : saliencyBox(picture);
  const probed = probedHead(cells, unitBox(box, picture), picture.width / picture.height);
  const vote = consensusHead(
    silhouette(picture, box),
    picture,
    detailImage(base.data, base.width, base.height),
  );
  const peak = { x: probed.peak.x * picture.width, y: probed.peak.y * picture.height };
  const agree = contains(vote, peak);
  const head = {
    x: probed.x * picture.width,
    y: probed.y * picture.height,
    w: probed.w * picture.width,
    h: probed.h * picture.height,
  };
  const scale = { x: width / picture.width, y: height / picture.height };
  const headBox = scaleBox(head, scale, width, height);
  const confidence = confidenceOf(animal, probed, agree);
  const face = faceOf(probedFace(faceCells, probed, { width, height }), confidence, width, height);
  const matte = await cutOutPet(base, {
    animal: unitBox(box, picture),
    head: probed,
    sureOfHead: confidence >= LOCATION_TRUSTED,
    chances: petChances(cells),
  });
  const bodyTop = head.y + head.h * 0.7;
  const body = scaleBox(
    bodyTop < box.y1 - 2
      ? { x: box.x0, y: bodyTop, w: box.x1 - box.x0, h: box.y1 - bodyTop }
      : { x: box.x0, y: box.y0, w: box.x1 - box.x0, h: box.y1 - box.y0 },
    scale,
    width,
    height,
  );
  return {
    width,
    height,
    head: headOnCutOut(headBox, matte, width, height),
    body,
    facing: agree ? vote.facing : 'front',
    confidence,
    method: animal ? `detector:${animal.label}+head-probe` : 'saliency+head-probe',
    face,
    matte,
  };
}

/** The head probe's outputs and the face probe's, read in one pass over the features. */
let looking: CellProbe | undefined;
function lookingProbe(): CellProbe {
  if (!looking) {
    const [head, face] = [headProbe(), faceProbe()];
    looking = { weights: [...head.weights, ...face.weights], bias: [...head.bias, ...face.bias] };
  }
  return looking;
}

/**
 * The detector's look at the square picture and its mirror image, with the head probe's reads
 * (cells) and the face probe's (faceCells) of each cell, read over both alike.
 */
export async function lookForHeadAndFace(
  square: Buffer,
): Promise<{ detections: readonly Detection[]; cells: Float32Array; faceCells: Float32Array }> {
  const sight = await lookAt(square, lookingProbe(), { mirrorToo: true });
  const [cells, faceCells] = splitOutputs(
    lookedBothWays(sight.cells, sight.mirrorCells ?? sight.cells),
  );
  return { detections: sight.detections, cells, faceCells };
}

/** The looking probe's cells split into the head probe's outputs and the face probe's. */
function splitOutputs(cells: Float32Array): [Float32Array, Float32Array] {
  const faceOutputs = FACE_OUTPUTS.length;
  const all = lookingProbe().bias.length;
  const headOutputs = all - faceOutputs;
  const count = cells.length / all;
  const head = new Float32Array(count * headOutputs);
  const face = new Float32Array(count * faceOutputs);
  for (let c = 0; c < count; c++) {
    head.set(cells.subarray(c * all, c * all + headOutputs), c * headOutputs);
    face.set(cells.subarray(c * all + headOutputs, (c + 1) * all), c * faceOutputs);
  }
  return [head, face];
}

/** A head box keeps at least this share of its height when its top comes down to the cut-out. */
const HEAD_KEPT = 0.6;

/**
 * The head box with its top brought down to the pet's cut-out: the probe's box often starts well
 * above the ears, in the photo's background, and a hat is worn on the box's top, so it floated
 * above the pet (a kitten's witch hat a head above its ears). The top comes down to the first row
 * of the matte within the box's columns, never below HEAD_KEPT of the box's height. Measured on
 * every labelled set: heads found unchanged, boxes over 3x the head's area 9 to 4 on the learnt
 * photos and 7 to 6 on photos-held-out-2 (the workflow README, "How well it sees").
 *
 * The stage then looks for the crown in this box (`headOnPet` in stage.ts: the first row a fifth
 * pet, within the box's top 45%), where a hat may sit even on a guessed face. Before this, a box
 * starting far above the ears held the crown out of that reach, and the hat over a guessed face
 * was lifted a head clear of the box: in the air.
 */
export function headOnCutOut(
  box: PixelBox,
  matte: PetMatte | undefined,
  width: number,
  height: number,
): PixelBox {
  // Only a cut-out the locator trusts moves the head.
  if (!matte || matte.confidence < MATTE_TRUSTED) return box;
  const [sx, sy] = [matte.width / width, matte.height / height];
  const [x0, x1] = [Math.max(0, Math.floor(box.x * sx)), Math.ceil((box.x + box.w) * sx)];
  const [y0, y1] = [Math.max(0, Math.floor(box.y * sy)), Math.ceil((box.y + box.h) * sy)];
  const firstRow = (): number | undefined => {
    for (let y = y0; y < Math.min(matte.height, y1); y++) {
      const row = y * matte.width;
      for (let x = x0; x < Math.min(matte.width, x1); x++)
        if (matte.alpha[row + x]! >= 128) return y;
    }
    return undefined;
  };
  const row = firstRow();
  if (row === undefined) return box;
  const bottom = box.y + box.h;
  const top = Math.max(box.y, Math.min(row / sy, bottom - HEAD_KEPT * box.h));
  return { ...box, y: Math.round(top), h: Math.round(bottom - top) };
}

/** The face found, in pixels of the picture, with how sure of it the locator is. */
export function faceOf(
  found: ProbedFace,
  headConfidence: number,
  width: number,
  height: number,
): PetFace {
  const px = (p: { x: number; y: number }) => ({
    x: Math.round(p.x * width),
    y: Math.round(p.y * height),
  });
  return {
    eyes: found.eyes.map(px),
    mouth: px(found.mouth),
    ...(found.roll !== undefined && { roll: Math.round(found.roll) }),
    confidence: faceConfidenceOf(found, headConfidence),
  };
}

/**
 * How sure the locator is of the face: no surer than of the head it is in, and as sure as the
 * face probe's logit at its second eye (cross-validated: see FACE_SURE). A face with one eye-like
 * spot (a profile, or eyes the probe does not see) is not one to put a mask on.
 */
export function faceConfidenceOf(
  found: Pick<ProbedFace, 'logits'>,
  headConfidence: number,
): number {
  const logit = Math.min(found.logits.eye, found.logits.secondEye);
  const sureOfEyes = Math.min(
    1,
    Math.max(0, (logit - FACE_SURE.from) / (FACE_SURE.to - FACE_SURE.from)),
  );
  return round2(Math.min(headConfidence, sureOfEyes));
}

/**
 * The face probe's second-eye logit from which eyes start to be trusted, and at which they are
 * fully. Cross-validated on the labelled photos in the heads found, faces over 4 (confidence 0.5)
 * had 76% of their eyes within a quarter of the head's width (all faces, 63%) and 92% of rolls
 * within 15 degrees.
 */
const FACE_SURE = { from: 2, to: 6 };

/**
 * How sure the locator is: of the animal (the detector's score), of its head (the probe's logit
 * at the peak, cross-validated: see PROBE_SURE), and whether the silhouette's own head holds the
 * probe's peak.
 */
export function confidenceOf(
  animal: Detection | undefined,
  probed: Pick<ProbedHead, 'logit'>,
  agree: boolean,
): number {
  const sureOfAnimal = animal ? Math.min(0.95, 0.4 + animal.score) : 0.25;
  const sureOfHead = Math.min(
    1,
    Math.max(0, (probed.logit - PROBE_SURE.from) / (PROBE_SURE.to - PROBE_SURE.from)),
  );
  return round2(sureOfAnimal * sureOfHead * (agree ? 1 : 0.6));
}

/**
 * The probe's peak logit from which a head starts to be trusted, and at which it is fully: set
 * from the cross-validated peaks of heads found and missed on the labelled photographs.
 */
const PROBE_SURE = { from: 3, to: 9 };

function unitBox(box: IntBox, picture: RgbImage): UnitBox {
  return {
    x: box.x0 / picture.width,
    y: box.y0 / picture.height,
    w: (box.x1 - box.x0) / picture.width,
    h: (box.y1 - box.y0) / picture.height,
  };
}

/** The animal to dress: the biggest of those the detector is nearly as sure of as its best. */
export function largestAnimal(detections: readonly Detection[]): Detection | undefined {
  const bar = Math.max(MIN_ANIMAL_SCORE, 0.6 * Math.max(0, ...detections.map((d) => d.score)));
  let best: Detection | undefined;
  let bestValue = 0;
  for (const d of detections) {
    if (d.score < bar) continue;
    const value = d.w * d.h;
    if (value > bestValue) {
      bestValue = value;
      best = d;
    }
  }
  return best;
}

function toIntBox(d: Detection, picture: RgbImage): IntBox {
  const x0 = Math.max(0, Math.floor(d.x * picture.width));
  const y0 = Math.max(0, Math.floor(d.y * picture.height));
  return {
    x0,
    y0,
    x1: Math.min(picture.width, Math.max(x0 + 2, Math.ceil((d.x + d.w) * picture.width))),
    y1: Math.min(picture.height, Math.max(y0 + 2, Math.ceil((d.y + d.h) * picture.height))),
  };
}

/** No animal detected: assume the subject is framed in the middle, away from the edges. */
function saliencyBox(picture: RgbImage): IntBox {
  return {
    x0: Math.round(picture.width * 0.12),
    y0: Math.round(picture.height * 0.08),
    x1: Math.round(picture.width * 0.88),
    y1: Math.round(picture.height * 0.95),
  };
}

function scaleBox(
  b: { x: number; y: number; w: number; h: number },
  scale: { x: number; y: number },
  width: number,
  height: number,
): PixelBox {
  const x = Math.min(Math.max(0, Math.round(b.x * scale.x)), width - 1);
  const y = Math.min(Math.max(0, Math.round(b.y * scale.y)), height - 1);
  return {
    x,
    y,
    w: Math.max(1, Math.min(width - x, Math.round(b.w * scale.x))),
    h: Math.max(1, Math.min(height - y, Math.round(b.h * scale.y))),
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

export function fallbackLocation(width: number, height: number): PetLocation {
  const side = Math.min(width, height);
  const headSide = side * 0.4;
  return {
    width,
    height,
    head: { x: (width - headSide) / 2, y: height * 0.36 - headSide / 2, w: headSide, h: headSide },
    body: { x: width * 0.28, y: height * 0.55, w: width * 0.44, h: height * 0.4 },
    facing: 'front',
    confidence: 0,
    method: 'fallback',
  };
}

async function orientedSize(image: Buffer): Promise<{ width: number; height: number }> {
  const {
    width = 0,
    height = 0,
    orientation = 1,
  } = await sharp(image, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (width <= 0 || height <= 0) throw new Error('The picture has no size');
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
