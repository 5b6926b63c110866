// Each costume has its own place (issue 40, item 5): the scene behind two creations in different
// costumes is not one template. Drawn with the same palette and seed, so only the place differs.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRESET_COSTUMES } from '../../domain/model/presets';
import { backgroundSvg, foregroundSvg, PORTRAIT_SIZE } from './scene';
import { COSTUME_SCENERY, sceneryFor, type SceneryKind } from './scenery';
import { seededRandom } from './seeded-random';

const palette = {
  accent: { r: 200, g: 60, b: 40 },
  secondary: { r: 60, g: 40, b: 140 },
  mean: { r: 90, g: 70, b: 90 },
};

/** The scene a pet stands in, without the pet, at a quarter of its size (grey, raw). */
async function sceneOf(scenery: SceneryKind): Promise<Buffer> {
  const layout = { mirror: false, palette, scenery };
  const scene = await sharp(backgroundSvg(layout, seededRandom(7)))
    .composite([{ input: foregroundSvg(layout, { ring: false, badge: null }) }])
    .png()
    .toBuffer();
  return sharp(scene)
    .resize(PORTRAIT_SIZE / 4)
    .greyscale()
    .raw()
    .toBuffer();
}

/** Share of pixels whose grey differs by more than 24 levels. */
function changed(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 24) count += 1;
  return count / a.length;
}

describe('the place a costume is worn in', () => {
  it('every preset costume names one', () => {
    for (const { id } of PRESET_COSTUMES) expect(COSTUME_SCENERY[id], id).toBeDefined();
  });

  it('differs from every other place in a visible part of the picture', async () => {
    const kinds = [...new Set(Object.values(COSTUME_SCENERY))];
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    const scenes = await Promise.all(kinds.map(sceneOf));
    for (const [i, a] of scenes.entries())
      for (const [j, b] of scenes.entries())
        if (j > i) expect(changed(a, b), `${kinds[i]} vs ${kinds[j]}`).toBeGreaterThan(0.01);
  });

  it('an uploaded costume picture gets one of the classic places, the same for the same run', () => {
    const places = new Set([0, 1, 2, 3, 4, 5].map((seed) => sceneryFor(undefined, seed)));
    expect([...places].sort()).toEqual(['castle', 'forest', 'graveyard']);
    expect(sceneryFor(undefined, 41)).toBe(sceneryFor(undefined, 41));
    expect(sceneryFor('pirate', 41)).toBe('sea');
  });
});
