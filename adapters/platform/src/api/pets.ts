import { z } from 'zod';

/** POST /v1/pets/locate: one photo of a pet, as a base64 data URL (at most 10 MB decoded). */
export const LocatePetRequest = z.object({ image: z.string().min(1) });
export type LocatePetRequest = z.infer<typeof LocatePetRequest>;

/** A box in fractions (0 to 1) of the photo's width and height as seen (after EXIF orientation). */
const UnitBox = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/**
 * Where the costume workflow's pet locator puts the pet's head in the photo, and whether it is
 * sure (`confidence` of 0.5 or more). When it is not, the workflow keeps its costume off the face
 * unless the run's input names the face (the costume workflow's optional `pets_face_point`).
 */
export const PetLocationAnswer = z.object({
  /** The photo's size in pixels as seen. */
  width: z.number(),
  height: z.number(),
  head: UnitBox,
  /** 0 to 1: how sure the locator is of the head. */
  confidence: z.number(),
  sure: z.boolean(),
  /** How it was found, e.g. 'detector:cat+head-probe' or 'fallback' (no animal). */
  method: z.string(),
});
export type PetLocationAnswer = z.infer<typeof PetLocationAnswer>;
