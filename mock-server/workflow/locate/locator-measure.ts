// The locator measured against a folder of hand-labelled photographs (labels.json beside them), as
// the issues measure it, over each photo as shot and mirrored: heads found (the found box's centre
// inside the labelled head and the labelled centre inside the found box), wrong heads the locator
// was sure of, heads found in a box over three times the head's area, and the cut-out's overlap
// with the traced outline (whole, and inside the labelled head's box). `npm run measure:locator`
// prints it; the locator's tests assert it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { facePoints, scoreFace, type FaceLabels, type FaceScore } from './face-measure';
import { headFound } from './head-probe';
import { locatePet } from './locate-pet';
import { overlap, rasterize, type Outline } from './outline';
import { FACE_TRUSTED, LOCATION_TRUSTED, type PetLocation, type PixelBox } from './pet-location';

interface LabelledPhoto extends FaceLabels {
  readonly file: string;
  readonly head: PixelBox;
  readonly alsoAccepted?: readonly { head: PixelBox }[];
  readonly outline?: Outline;
  readonly note?: string;
  /** Where the note does not tell it (a breed's name, a package named after cats and dogs). */
  readonly kind?: Kind;
}

export type Kind = 'cat' | 'dog' | 'other';

/** A look at one photo, as shot or mirrored. */
export interface Look {
  readonly name: string;
  readonly kind: Kind;
  readonly found: boolean;
  readonly confidence: number;
  /** The found head's area over the labelled head's, where it was found. */
  readonly areaRatio?: number;
  /** The eyes, mouth and roll found against the labelled ones (a quarter of the head's width). */
  readonly face: FaceScore;
  /** The face's confidence. */
  readonly faceConfidence: number;
  /** The cut-out's overlap with the traced outline, where there is one. */
  readonly cut?: { readonly whole: number; readonly head: number; readonly confidence: number };
}

/**
 * The folders of labelled photographs the head probe learns from (npm run train:head-probe), in
 * the order it reads them; every other folder of labelled photographs is held out.
 */
export const LEARNT_SETS = ['tests/fixtures/photos', 'tests/fixtures/photos-npm'] as const;

/** A head found in a box over this many times the labelled head's area is found too large. */
export const OVERSIZE = 3;

export async function readLabelled(folder: string): Promise<LabelledPhoto[]> {
  const text = await readFile(path.join(folder, 'labels.json'), 'utf8');
  return (JSON.parse(text) as { photos: LabelledPhoto[] }).photos;
}

/** The kind of animal, from the label's note: what the per-kind figures are counted by. */
export function kindOf(photo: LabelledPhoto): Kind {
  if (photo.kind) return photo.kind;
  const note = `${photo.note ?? ''} ${photo.file}`.toLowerCase();
  if (/\b(cat|cats|kitten|tabby|maine coon)\b/.test(note)) return 'cat';
  if (/\b(dog|dogs|puppy|spaniels?|shiba|retriever|terrier|spitz)\b/.test(note)) return 'dog';
  return 'other';
}

const mirroredBox = (b: PixelBox, width: number): PixelBox => ({ ...b, x: width - b.x - b.w });

/** Every photo of the folder located as shot and mirrored, with the pictures' locations. */
export async function lookAtAll(
  folder: string,
): Promise<{ looks: Look[]; locations: Map<string, [PetLocation, PetLocation]> }> {
  const looks: Look[] = [];
  const locations = new Map<string, [PetLocation, PetLocation]>();
  for (const photo of await readLabelled(folder)) {
    const bytes = await readFile(path.join(folder, photo.file));
    const asShot = await locatePet(bytes);
    const mirror = await locatePet(
      await sharp(bytes).rotate().flop().jpeg({ quality: 92 }).toBuffer(),
    );
    locations.set(photo.file, [asShot, mirror]);
    for (const [location, mirrored] of [
      [asShot, false],
      [mirror, true],
    ] as const) {
      looks.push(lookOf(photo, location, mirrored));
    }
  }
  return { looks, locations };
}

function lookOf(photo: LabelledPhoto, location: PetLocation, mirrored: boolean): Look {
  const flip = (b: PixelBox) => (mirrored ? mirroredBox(b, location.width) : b);
  const heads = [photo.head, ...(photo.alsoAccepted ?? []).map((a) => a.head)].map(flip);
  const hit = heads.find((head) => headFound(location.head, head));
  const area = (b: PixelBox) => b.w * b.h;
  return {
    name: `${photo.file}${mirrored ? ' mirrored' : ''}`,
    kind: kindOf(photo),
    found: Boolean(hit),
    confidence: location.confidence,
    ...(hit ? { areaRatio: area(location.head) / area(hit) } : {}),
    face: scoreFace(facePoints(photo, location, mirrored), photo.head.w, {
      eyes: location.face?.eyes ?? [],
      ...(location.face && { mouth: location.face.mouth }),
      ...(location.face?.roll !== undefined && { roll: location.face.roll }),
    }),
    faceConfidence: location.face?.confidence ?? 0,
    ...(photo.outline && location.matte
      ? { cut: cutOverlap(photo.outline, flip(photo.head), location, mirrored) }
      : {}),
  };
}

function cutOverlap(outline: Outline, head: PixelBox, location: PetLocation, mirrored: boolean) {
  const matte = location.matte!;
  const scale = matte.width / location.width;
  const traced = outline.map((polygon) =>
    polygon.map(([x, y]) => [mirrored ? location.width - x : x, y] as const),
  );
  const truth = rasterize(traced, matte.width, matte.height, { x: scale, y: scale });
  const region = {
    x0: Math.floor(head.x * scale),
    y0: Math.floor(head.y * scale),
    x1: Math.ceil((head.x + head.w) * scale),
    y1: Math.ceil((head.y + head.h) * scale),
  };
  return {
    whole: overlap(matte.alpha, truth, matte.width),
    head: overlap(matte.alpha, truth, matte.width, region),
    confidence: matte.confidence,
  };
}

/** The figures of a set of looks, each kind's too. */
export function figures(looks: readonly Look[]) {
  const share = (subset: readonly Look[]) =>
    subset.length ? subset.filter((l) => l.found).length / subset.length : 1;
  const cuts = looks.flatMap((l) => (l.cut ? [{ name: l.name, ...l.cut }] : []));
  const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) : 1;
  };
  const rate = (marks: readonly boolean[]) =>
    marks.length ? marks.filter(Boolean).length / marks.length : 1;
  const sure = looks.filter((l) => l.faceConfidence >= FACE_TRUSTED);
  const faceOf = (subset: readonly Look[]) => ({
    eyes: rate(subset.flatMap((l) => l.face.eyes)),
    eyesCount: subset.flatMap((l) => l.face.eyes).length,
    mouth: rate(subset.flatMap((l) => (l.face.mouth === undefined ? [] : [l.face.mouth]))),
    mouthCount: subset.filter((l) => l.face.mouth !== undefined).length,
    roll: rate(subset.flatMap((l) => (l.face.roll === undefined ? [] : [l.face.roll]))),
    rollCount: subset.filter((l) => l.face.roll !== undefined).length,
  });
  return {
    looks: looks.length,
    found: share(looks),
    /** Every look's face, and the faces the locator was sure of (those the dressing uses). */
    face: { ...faceOf(looks), sure: { looks: sure.length, ...faceOf(sure) } },
    cats: share(looks.filter((l) => l.kind === 'cat')),
    dogs: share(looks.filter((l) => l.kind === 'dog')),
    missed: looks.filter((l) => !l.found).map((l) => l.name),
    sureButWrong: looks
      .filter((l) => !l.found && l.confidence >= LOCATION_TRUSTED)
      .map((l) => `${l.name} (${l.confidence})`),
    oversized: looks
      .filter((l) => (l.areaRatio ?? 0) > OVERSIZE)
      .map((l) => `${l.name} (${(l.areaRatio ?? 0).toFixed(1)}x)`),
    cut: {
      count: cuts.length,
      medianWhole: median(cuts.map((c) => c.whole)),
      minWhole: cuts.length ? Math.min(...cuts.map((c) => c.whole)) : 1,
      medianHead: median(cuts.map((c) => c.head)),
      under: cuts.filter((c) => c.whole < 0.6).map((c) => `${c.name} (${c.whole.toFixed(2)})`),
    },
  };
}
