import type { PetMatte } from './matte';

// Where the pet is in a photo, in pixels of the picture as seen (after EXIF orientation). The
// workflow dresses the pet from this; `npm run locate` prints it for review and tests.

/** A box in pixels: top-left corner, width and height. */
export interface PixelBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A point in pixels of the picture as seen. */
export interface PixelPoint {
  readonly x: number;
  readonly y: number;
}

/** The pet's face, found inside its head. */
export interface PetFace {
  /** The eyes' centres, the one further left first: two, or one (a profile, or one eye unsure). */
  readonly eyes: readonly PixelPoint[];
  /** The mouth's centre (where the lips meet). */
  readonly mouth: PixelPoint;
  /**
   * The head's roll in degrees: the slope of the line from the left eye to the right one as seen,
   * positive when the head leans to the right (clockwise). Absent with one eye.
   */
  readonly roll?: number;
  /** 0 to 1: how sure the locator is of these. Below FACE_TRUSTED the dressing keeps off the face. */
  readonly confidence: number;
}

export interface PetLocation {
  /** The picture's size as seen, after EXIF orientation. */
  readonly width: number;
  readonly height: number;
  /** The pet's head (ears included where they show). */
  readonly head: PixelBox;
  /** The pet's body: what shows of it below or beside the head. */
  readonly body: PixelBox;
  /** Which way the face looks, where it can be told. */
  readonly facing: 'left' | 'right' | 'front';
  /** 0 to 1: how sure the locator is. Below LOCATION_TRUSTED the dressing keeps clear of the face. */
  readonly confidence: number;
  /** How it was found, e.g. 'detector:cat+head-probe' or 'fallback'. */
  readonly method: string;
  /** The eyes, mouth and roll, where a head was looked at (none for the fallback). */
  readonly face?: PetFace;
  /** The pet cut out from the photo, at most 640 px on its long side; none for the fallback. */
  readonly matte?: PetMatte;
}

/** Below this confidence a location is a guess: pieces that could cover the eyes are not placed. */
export const LOCATION_TRUSTED = 0.5;
/** Below this confidence the face's points are a guess: masks and fangs are not placed on them. */
export const FACE_TRUSTED = 0.5;
/** From this sureness of the matte on, the pet is cut out and stands in the scene; below, a disc. */
export const MATTE_TRUSTED = 0.6;

export type LocatePet = (image: Buffer) => Promise<PetLocation>;
