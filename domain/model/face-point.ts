import { z } from 'zod';

/**
 * Where the owner says their pet's face is (issue 39: "When unsure, ask the owner"): a point in
 * fractions of the photo's width and height as seen (after EXIF orientation), so it means the same
 * on the photo as chosen, as downsized for sending, and as the platform reads it.
 */
export const FacePoint = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type FacePoint = z.infer<typeof FacePoint>;

/** The costume workflow's optional input carrying the owner's face point (README "Workflow input"). */
export const FACE_INPUT = 'pets_face_point';

/** What the Create view asks when the locator is unsure of the pet's face (issue 39, exactly). */
export const TAP_PROMPT = "Tap your pet's face";

/** What the locator told of a photo before the run: is it sure where the pet's head is? */
export interface PetSight {
  /** The locator is sure of the head: the costume is dressed without asking. */
  readonly sure: boolean;
  /** Where it puts the head, in fractions of the photo as seen (a guess when not sure). */
  readonly head: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
}

/**
 * A --face value, "X,Y" in pixels of a photo of this size as seen, as a face point; a message
 * saying what is wrong otherwise.
 */
export function parseFacePixels(
  value: string,
  size: { readonly width: number; readonly height: number },
): FacePoint | string {
  const match = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match)
    return `--face takes the face’s position as X,Y in pixels of the photo, e.g. --face 120,80 (got '${value}').`;
  const x = Number(match[1]);
  const y = Number(match[2]);
  if (x >= size.width || y >= size.height)
    return `--face ${value} is outside the photo, which is ${size.width} x ${size.height} pixels: give a point on the pet's face inside it.`;
  return { x: x / size.width, y: y / size.height };
}
