import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLabels } from './labelled-locator';
import { headOnCutOut, locatePet } from './locate-pet';
import type { PetMatte } from './matte';

/** A matte of `width` x `height` whose pet is the rows from `petFrom` down. */
function matteFrom(petFrom: number, width = 100, height = 100): PetMatte {
  const alpha = new Uint8Array(width * height);
  alpha.fill(255, petFrom * width);
  return { width, height, alpha, confidence: 0.9 };
}

describe('headOnCutOut', () => {
  const box = { x: 20, y: 10, w: 40, h: 50 };

  it('brings the top of a head box that starts in the background down to the cut-out', () => {
    // Photo 200 x 200 px, matte 100 x 100: the pet starts at row 15 of the matte, 30 px.
    expect(headOnCutOut({ x: 40, y: 20, w: 80, h: 100 }, matteFrom(15), 200, 200)).toEqual({
      x: 40,
      y: 30,
      w: 80,
      h: 90,
    });
  });

  it('leaves a head box whose top row is already the pet', () => {
    expect(headOnCutOut(box, matteFrom(5), 100, 100)).toEqual(box);
  });

  it('keeps at least 60% of the height, whatever the cut-out', () => {
    expect(headOnCutOut(box, matteFrom(55), 100, 100)).toEqual({ ...box, y: 30, h: 30 });
  });

  it('leaves the box when the cut-out holds nothing of it', () => {
    expect(headOnCutOut(box, matteFrom(100), 100, 100)).toEqual(box);
  });

  it('reads only the columns of the box: the pet beside the head does not hold its top up', () => {
    const matte = matteFrom(25);
    for (let y = 0; y < 25; y++) matte.alpha.fill(255, y * 100, y * 100 + 15);
    expect(headOnCutOut(box, matte, 100, 100)).toEqual({ ...box, y: 25, h: 35 });
  });
});

describe('the located head on a real photo', () => {
  it("starts at the kitten's ears, not a head above them (its hat sat in the air)", async () => {
    const dir = path.resolve(import.meta.dirname, '../../../tests/fixtures/photos');
    const label = (await readLabels(dir)).find((l) => l.file === 'kitten.jpg')!;
    const { head } = await locatePet(await readFile(path.join(dir, label.file)));
    expect(Math.abs(head.y - label.head.y)).toBeLessThan(0.15 * label.head.h);
  });
});
