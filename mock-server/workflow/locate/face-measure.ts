// The measure of a face found: each labelled eye and the labelled mouth within a quarter of
// the labelled head's width of the one found, and the roll (the slope of the line through the two
// labelled eyes) within 15 degrees, counted where they are visible (labelled). Used by
// npm run train:face-probe (cross-validated) and npm run measure:locator (held out).
import type { PixelPoint } from './pet-location';

/** A photo's face labels in its pixels as seen (labels.json: eyes left to right, mouth). */
export interface FaceLabels {
  readonly eyes?: readonly PixelPoint[];
  readonly mouth?: PixelPoint;
}

/** A found point is this close to a labelled one at most, in the labelled head's widths. */
export const POINT_TOLERANCE = 0.25;
/** A found roll is this close to the labelled one at most, in degrees. */
export const ROLL_TOLERANCE = 15;

/** The labels of a photo of this size, mirrored when asked; the eyes still left to right. */
export function facePoints(
  labels: FaceLabels,
  size: { readonly width: number },
  mirrored: boolean,
): { eyes: PixelPoint[]; mouth?: PixelPoint } {
  const flip = (p: PixelPoint) => (mirrored ? { x: size.width - p.x, y: p.y } : p);
  return {
    eyes: (labels.eyes ?? []).map(flip).sort((a, b) => a.x - b.x),
    ...(labels.mouth && { mouth: flip(labels.mouth) }),
  };
}

/** The angle of the line from a to b in degrees, as seen (y down: positive when b is lower). */
export function slope(a: PixelPoint, b: PixelPoint): number {
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

/** The difference of two angles in degrees, -180..180. */
export function angleBetween(a: number, b: number): number {
  return ((((b - a + 180) % 360) + 360) % 360) - 180;
}

export interface FaceScore {
  /** For each labelled eye, whether an eye was found near it. */
  readonly eyes: readonly boolean[];
  /** Whether the mouth was found near the labelled one, where it is labelled. */
  readonly mouth?: boolean;
  /** Whether the roll was found near the labelled one, where two eyes are labelled. */
  readonly roll?: boolean;
}

/**
 * A face found against the labels, all in pixels of the picture: two labelled eyes are matched to
 * two found ones left to right; one labelled eye (a profile) to the nearer found eye.
 */
export function scoreFace(
  labelled: { eyes: readonly PixelPoint[]; mouth?: PixelPoint },
  headWidth: number,
  found: { eyes: readonly PixelPoint[]; mouth?: PixelPoint; roll?: number },
): FaceScore {
  const tolerance = headWidth * POINT_TOLERANCE;
  const apart = (a: PixelPoint, b: PixelPoint) => Math.hypot(a.x - b.x, a.y - b.y);
  const eyes =
    labelled.eyes.length === 2 && found.eyes.length === 2
      ? labelled.eyes.map((eye, k) => apart(eye, found.eyes[k]!) <= tolerance)
      : labelled.eyes.map(
          (eye) => Math.min(Infinity, ...found.eyes.map((e) => apart(eye, e))) <= tolerance,
        );
  const [a, b] = labelled.eyes;
  return {
    eyes,
    ...(labelled.mouth && {
      mouth: found.mouth !== undefined && apart(labelled.mouth, found.mouth) <= tolerance,
    }),
    ...(a &&
      b && {
        roll:
          found.roll !== undefined &&
          Math.abs(angleBetween(slope(a, b), found.roll)) <= ROLL_TOLERANCE,
      }),
  };
}
