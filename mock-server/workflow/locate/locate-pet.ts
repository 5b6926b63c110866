import sharp from 'sharp';
import type { PetLocation } from './pet-location';

/**
 * Finds the pet's head and body in a photo. Until a detector lands this is the fallback alone:
 * the subject taken to be in the middle, with confidence 0 so the dressing keeps clear of the face.
 */
export async function locatePet(image: Buffer): Promise<PetLocation> {
  const { width, height } = await orientedSize(image);
  return fallbackLocation(width, height);
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
  } = await sharp(image, { animated: false }).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
