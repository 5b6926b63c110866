import { describe, expect, it } from 'vitest';
import { FEATURE_GRID } from './animal-detector';
import { FACE_OUTPUTS, probedFace } from './face-probe';
import { faceConfidenceOf } from './locate-pet';
import { FACE_TRUSTED } from './pet-location';

const g = FEATURE_GRID;
const outputs = FACE_OUTPUTS.length;

/** Face probe outputs (eye logit, mouth logit) for every cell: nothing face-like anywhere. */
function cells(): Float32Array {
  return new Float32Array(g * g * outputs).fill(-8);
}

/** Makes the cell holding (x, y) (fractions of the picture) read this logit for one output. */
function at(out: Float32Array, output: 0 | 1, x: number, y: number, logit: number): void {
  out[(Math.floor(y * g) * g + Math.floor(x * g)) * outputs + output] = logit;
}

const head = { x: 0.3, y: 0.2, w: 0.4, h: 0.4 };
const size = { width: 800, height: 800 };

describe('probedFace', () => {
  it('finds both eyes, the mouth and the roll of a head leaning to the right', () => {
    const read = cells();
    at(read, 0, 0.42, 0.36, 6);
    at(read, 0, 0.58, 0.4, 5);
    at(read, 1, 0.48, 0.52, 4);
    const face = probedFace(read, head, size);
    expect(face.eyes).toHaveLength(2);
    expect(face.eyes[0]!.x).toBeCloseTo(0.42, 1);
    expect(face.eyes[1]!.y).toBeCloseTo(0.4, 1);
    expect(face.mouth.x).toBeCloseTo(0.48, 1);
    expect(face.mouth.y).toBeCloseTo(0.52, 1);
    // atan2(0.04, 0.16): about 14 degrees, clockwise.
    expect(face.roll).toBeGreaterThan(10);
    expect(face.roll).toBeLessThan(18);
  });

  it('takes the pair of eye-like spots that lie as eyes do in a head, not the most eye-like two', () => {
    const read = cells();
    at(read, 0, 0.42, 0.36, 6);
    at(read, 0, 0.58, 0.36, 5);
    // As eye-like as the left eye, but low in the middle of the head: a nose, a collar's tag.
    at(read, 0, 0.5, 0.56, 6);
    const face = probedFace(read, head, size);
    expect(face.eyes).toHaveLength(2);
    expect(face.eyes[1]!.x).toBeCloseTo(0.58, 1);
    expect(face.eyes[1]!.y).toBeCloseTo(0.36, 1);
    expect(Math.abs(face.roll ?? 90)).toBeLessThan(5);
  });

  it('looks only inside the head found: an eye-like spot beside it is not an eye', () => {
    const read = cells();
    at(read, 0, 0.1, 0.1, 9);
    at(read, 0, 0.45, 0.4, 5);
    const face = probedFace(read, head, size);
    expect(face.eyes.some((eye) => Math.abs(eye.x - 0.45) < 0.03)).toBe(true);
    expect(face.eyes.every((eye) => eye.x > 0.25)).toBe(true);
  });

  it('reads a steep slope between the eyes as level, and is unsure of a face with one eye-like spot', () => {
    const steep = cells();
    at(steep, 0, 0.4, 0.3, 6);
    at(steep, 0, 0.6, 0.5, 6);
    expect(probedFace(steep, head, size).roll).toBe(0);
    const read = cells();
    at(read, 0, 0.45, 0.4, 6);
    // Sure of the head, but the second eye's read is as low as the background's.
    const both = cells();
    at(both, 0, 0.42, 0.4, 6);
    at(both, 0, 0.58, 0.4, 6);
    expect(faceConfidenceOf(probedFace(both, head, size), 0.9)).toBeGreaterThanOrEqual(
      FACE_TRUSTED,
    );
    expect(faceConfidenceOf(probedFace(read, head, size), 0.9)).toBeLessThan(FACE_TRUSTED);
    // No surer of the face than of the head.
    expect(faceConfidenceOf(probedFace(both, head, size), 0.3)).toBeLessThan(FACE_TRUSTED);
  });
});
