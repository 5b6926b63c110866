// A LocatePet that answers a photo set's hand-labelled boxes (tests/fixtures/photos/labels.json):
// for reviewing and testing how a pet is dressed apart from how well the detector finds it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { LocatePet, PetLocation, PixelBox } from './pet-location';

export interface PhotoLabel {
  readonly file: string;
  readonly head: PixelBox;
  readonly body: PixelBox;
  readonly facing?: PetLocation['facing'];
  readonly note?: string;
}

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
    body: label.body,
    facing: label.facing ?? 'front',
    confidence: 1,
    method: 'labels',
  };
}

/** A locator that knows one photo's label (the workflow is handed bytes, not file names). */
export const labelledLocator =
  (label: PhotoLabel): LocatePet =>
  (image) =>
    labelledLocation(image, label);
