import { describe, expect, it } from 'vitest';
import { FEATURE_GRID } from './animal-detector';
import { contains, probedHead } from './head-probe';
import { confidenceOf } from './locate-pet';
import { LOCATION_TRUSTED } from './pet-location';

/** Probe outputs (head logit, log size, pet logit) for every cell: a plain background. */
function cells(): Float32Array {
  const out = new Float32Array(FEATURE_GRID * FEATURE_GRID * 3);
  for (let c = 0; c < FEATURE_GRID * FEATURE_GRID; c++) {
    out[c * 3] = -6;
    out[c * 3 + 1] = Math.log(0.1);
  }
  return out;
}

/** Makes the 3x3 cells around (x, y) (fractions of the picture) read as a head of this logit. */
function headAt(out: Float32Array, x: number, y: number, logit: number): void {
  const [i, j] = [Math.floor(x * FEATURE_GRID), Math.floor(y * FEATURE_GRID)];
  for (let dj = -1; dj <= 1; dj++)
    for (let di = -1; di <= 1; di++) out[((j + dj) * FEATURE_GRID + i + di) * 3] = logit;
}

describe('probedHead', () => {
  it("looks for the head inside the animal's box, not at a more head-like spot beside it", () => {
    // A face on a poster behind the pet reads more head-like than the pet's own head.
    const read = cells();
    headAt(read, 0.15, 0.2, 9);
    headAt(read, 0.7, 0.45, 5);
    const animal = { x: 0.5, y: 0.3, w: 0.4, h: 0.6 };
    const head = probedHead(read, animal, 4 / 3);
    expect(contains(head, { x: 0.7, y: 0.45 })).toBe(true);
    expect(contains(head, { x: 0.15, y: 0.2 })).toBe(false);
    expect(head.logit).toBeCloseTo(5);
  });
});

describe("the locator's confidence", () => {
  const dog = { x: 0.2, y: 0.2, w: 0.6, h: 0.7, score: 0.6, label: 'dog' };

  it("is lower when the head found from the animal's silhouette does not hold the probe's peak", () => {
    // A head the probe is fairly sure of: trusted when the silhouette agrees, not when it does not.
    const probed = { logit: 7 };
    expect(confidenceOf(dog, probed, true)).toBeGreaterThanOrEqual(LOCATION_TRUSTED);
    expect(confidenceOf(dog, probed, false)).toBeLessThan(LOCATION_TRUSTED);
    // However sure the detector and the probe, disagreement costs confidence.
    const sure = { ...dog, score: 0.9 };
    expect(confidenceOf(sure, { logit: 12 }, false)).toBeLessThan(
      confidenceOf(sure, { logit: 12 }, true),
    );
  });
});
