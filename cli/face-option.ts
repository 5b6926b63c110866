import { parseFacePixels, type FacePoint } from '../domain/model/face-point';
import { usageError } from './handle-error';
import type { ChosenInput } from './inputs';

/**
 * `--face X,Y`: where the pet's face is, in pixels of the --pet photo as seen (after its EXIF
 * orientation, as an image viewer shows it), as the workflow's face point. Only for a photo.
 */
export async function faceOption(
  value: string | undefined,
  pet: ChosenInput | undefined,
): Promise<FacePoint | undefined> {
  if (value === undefined) return undefined;
  if (pet?.source !== 'file')
    throw usageError(
      '--face goes with a photo of your pet: give --pet an image file (a preset pet’s face is known already).',
    );
  const point = parseFacePixels(value, await orientedSize(pet.path));
  if (typeof point === 'string') throw usageError(point);
  return point;
}

/** The photo's size as seen: its sides swapped when its EXIF orientation turns it. */
async function orientedSize(file: string): Promise<{ width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  const { width = 0, height = 0, orientation = 1 } = await sharp(file).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** What the CLI says when the app would have asked the owner to tap their pet's face. */
export const wouldHaveAsked = (file: string) =>
  `The pet locator is not sure where your pet’s face is in ${file}, so the app would have asked you to tap it. The costume keeps off the face; to put it on the head, run again with --face X,Y (the face’s position in pixels of the photo).`;
