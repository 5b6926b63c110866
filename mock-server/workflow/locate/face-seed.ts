import sharp from 'sharp';
import type { FacePoint } from '../../../domain/model/face-point';
import { FEATURE_GRID } from './animal-detector';
import { probedFace } from './face-probe';
import { clampUnit, contains, petChances, probedHead, unionOf, type UnitBox } from './head-probe';
import {
  faceOf,
  headOnCutOut,
  largestAnimal,
  locatorPictures,
  lookForHeadAndFace,
  MAX_INPUT_PIXELS,
} from './locate-pet';
import { cutOutPet } from './matte';
import type { PetLocation, PixelBox } from './pet-location';

// The locator seeded by the owner (issue 39, "When unsure, ask the owner"): where they tapped
// their pet's face is the head. The locator's own look at the photo (the detector and the head
// probe) still gives the head's size and the animal, the eyes and mouth are looked for in that head
// (with the face probe's own confidence: a tap says where the head is, not where the eyes are), and
// the cut-out is seeded from that head.

/** A head the owner pointed at is dressed as one found for sure (LOCATION_TRUSTED is 0.5). */
export const OWNER_POINTED = 0.9;

/** The animal's box when the detector saw none: the subject framed in the middle. */
const MIDDLE: UnitBox = { x: 0.12, y: 0.08, w: 0.76, h: 0.87 };

/**
 * Where the pet is, its head around the point the owner gave (fractions of the photo as seen):
 * the probe's head where it holds the point (the owner confirmed it), otherwise a head of the size
 * the probe reads at the point, within what the animal's box allows. Sure of the head either way.
 */
export async function locateAtFace(image: Buffer, face: FacePoint): Promise<PetLocation> {
  const { width, height } = await orientedSize(image);
  try {
    return await seeded(image, face, width, height);
  } catch {
    // The look failed (the detector could not load): the point alone, with a head of a third.
    const side = Math.min(width, height) / 3;
    const head = { x: face.x - side / width / 2, y: face.y - side / height / 2 };
    const box = { ...head, w: side / width, h: side / height };
    return {
      width,
      height,
      head: inPixels(clampUnit(box), width, height),
      body: inPixels(unionOf(MIDDLE, box), width, height),
      facing: 'front',
      confidence: OWNER_POINTED,
      method: 'owner-point',
    };
  }
}

async function seeded(
  image: Buffer,
  face: FacePoint,
  width: number,
  height: number,
): Promise<PetLocation> {
  const { base, square } = await locatorPictures(image);
  const { detections, cells, faceCells } = await lookForHeadAndFace(square);
  const animal = largestAnimal(detections);
  const head = seededHead(cells, face, base, animal);
  // The eyes and mouth looked for in that head as in one found: as sure as the face probe is.
  const found = faceOf(
    probedFace(faceCells, head, { width, height }),
    OWNER_POINTED,
    width,
    height,
  );
  const around = unionOf(animal ?? MIDDLE, head);
  const matte = await cutOutPet(base, {
    animal: around,
    head,
    sureOfHead: true,
    chances: petChances(cells),
  });
  const bodyTop = head.y + head.h * 0.7;
  const bottom = around.y + around.h;
  const body =
    bodyTop < bottom - 0.02 ? { ...around, y: bodyTop, h: bottom - bodyTop } : { ...around };
  // Its top on the cut-out as a located head's (headOnCutOut): the hat sits on the crown.
  const headBox = inPixels(head, width, height);
  return {
    width,
    height,
    head: headOnCutOut(headBox, matte, width, height),
    body: inPixels(body, width, height),
    facing: 'front',
    confidence: OWNER_POINTED,
    method: `owner-point+${animal ? `detector:${animal.label}` : 'saliency'}`,
    face: found,
    matte,
  };
}

/** The share of a head's sides, each way, where a tapped point is too near its edge to be its face. */
const TAPPED_EDGE = 0.2;

/**
 * The head around the owner's point, in fractions of a picture of this size, from the probe's
 * reads (FEATURE_GRID cells of head, size and pet): always holds the point. It is the probe's head
 * when the point is well inside it; otherwise its side is the size the probe reads at the point,
 * kept to a quarter to 0.6 of the animal's shorter side (measured on the labelled heads of
 * whole-body photos, about half of it) when the point is on the animal, else of most of the
 * photo's.
 */
export function seededHead(
  cells: Float32Array,
  face: FacePoint,
  size: { readonly width: number; readonly height: number },
  animal?: UnitBox,
): UnitBox {
  const { width, height } = size;
  const found = probedHead(cells, animal ?? MIDDLE, width / height);
  // A face is tapped near the head's middle: a head that holds the point only near its edge is
  // another part of the animal (a dog's chest under its chin).
  if (contains(grown(found, -TAPPED_EDGE), face)) return found;
  // The probe searched only the tapped cell: its peak is there, with the size it reads there.
  const cell = 1 / FEATURE_GRID;
  const there = probedHead(
    cells,
    { x: face.x - cell / 2, y: face.y - cell / 2, w: cell, h: cell },
    width / height,
  );
  const onAnimal = animal && contains(grown(animal, 0.15), face);
  const room = onAnimal
    ? Math.min(animal.w * width, animal.h * height)
    : 0.8 * Math.min(width, height);
  const read = Math.sqrt(there.w * width * there.h * height);
  const side = Math.min(0.6 * room, Math.max(0.25 * room, read));
  const w = side / width;
  const h = side / height;
  const x0 = Math.max(0, face.x - w / 2);
  const y0 = Math.max(0, face.y - h / 2);
  return {
    x: x0,
    y: y0,
    w: Math.min(1, face.x + w / 2) - x0,
    h: Math.min(1, face.y + h / 2) - y0,
  };
}

function grown(b: UnitBox, by: number): UnitBox {
  return { x: b.x - b.w * by, y: b.y - b.h * by, w: b.w * (1 + 2 * by), h: b.h * (1 + 2 * by) };
}

function inPixels(b: UnitBox, width: number, height: number): PixelBox {
  const x = Math.min(width - 1, Math.max(0, Math.round(b.x * width)));
  const y = Math.min(height - 1, Math.max(0, Math.round(b.y * height)));
  return {
    x,
    y,
    w: Math.max(1, Math.min(width - x, Math.round(b.w * width))),
    h: Math.max(1, Math.min(height - y, Math.round(b.h * height))),
  };
}

async function orientedSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image, {
    animated: false,
    limitInputPixels: MAX_INPUT_PIXELS,
  }).metadata();
  const { width = 0, height = 0, orientation = 1 } = meta;
  if (width <= 0 || height <= 0) throw new Error('The picture has no size');
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
