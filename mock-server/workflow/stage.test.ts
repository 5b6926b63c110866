import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelledLocation } from './locate/labelled-locator';
import type { PetLocation } from './locate/pet-location';
import { placePet } from './placement';
import { composePortrait } from './portrait';
import { PORTRAIT_SIZE } from './scene';
import { testLocation, TRACED_PHOTOS, tracedOnGreen, tracedPhoto, WITCH } from './test-images';
import { planStage } from './stage';
import { wearableSvg } from './wearables';

// The pet cut out and standing in the scene: on a real photograph whose background outside the
// traced outline is painted pure green, no green may reach the portrait (the disc it replaces
// showed the photo's own background around the pet).

/** Pixels a green background could have left: green far above red and blue. */
async function greenPixels(portrait: Buffer): Promise<number> {
  const raw = { raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 as const } };
  const data = await sharp(portrait, raw).raw().toBuffer();
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    if (g > 150 && g > r + 90 && g > b + 90) count++;
  }
  return count;
}

describe('a pet cut out and standing in the scene', () => {
  it.each(TRACED_PHOTOS)(
    'shows no pixel of the photo background outside the pet (%s on a green background)',
    async (file) => {
      const { green, location } = await tracedOnGreen(file);
      const costume = await readFile(WITCH);
      const staged = await composePortrait(green, costume, {}, { locate: async () => location });
      expect(staged.placement?.frame).toBe('stage');
      // The soft edge blends a pixel or two of fur with what was behind it, never a green band.
      expect(await greenPixels(staged.base)).toBeLessThan(PORTRAIT_SIZE);
      // Shown in a disc instead, the green around the pet fills much of the disc.
      const { matte: _, ...withoutMatte } = location;
      const framed = await composePortrait(
        green,
        costume,
        {},
        { locate: async () => withoutMatte },
      );
      expect(framed.placement?.frame).toBe('disc');
      expect(await greenPixels(framed.base)).toBeGreaterThan(20 * PORTRAIT_SIZE);
    },
    60_000,
  );

  it('stands a whole pet on the ground and raises a bust from the bottom edge, large', async () => {
    for (const [file, bust] of [
      ['shepherd-dog.jpg', false],
      ['golden-retriever.jpg', true],
    ] as const) {
      const { label, bytes } = await tracedPhoto(file);
      const location = await labelledLocation(bytes, label);
      const staged = planStage(location);
      if (!staged) throw new Error(`${file}: no stage`);
      const { crop } = staged;
      const scale = PORTRAIT_SIZE / crop.side;
      const ys = (label.outline ?? []).flat().map(([, y]) => y);
      const xs = (label.outline ?? []).flat().map(([x]) => x);
      const bottom = (Math.max(...ys) - crop.y) * scale;
      const wide = (Math.max(...xs) - Math.min(...xs)) * scale;
      if (bust) expect(bottom).toBeGreaterThan(PORTRAIT_SIZE - 8);
      else expect(bottom).toBeLessThan(PORTRAIT_SIZE - 20);
      // Large: the pet takes at least half the portrait's width.
      expect(wide, file).toBeGreaterThan(PORTRAIT_SIZE / 2);
      // The hat's room: the head's centre is low enough for the tallest hat to stay on the picture.
      expect(staged.head.cy - staged.head.r * 2.75).toBeGreaterThan(0);
    }
  });

  it('fades a pet into the scene where its photo ends inside the portrait, not at a straight line', async () => {
    // A face filling the frame: the matte is the whole photo, pure red, so its edges are the photo's.
    const [width, height] = [400, 300];
    const red = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const location = testLocation(
      width,
      height,
      { x: 130, y: 60, w: 140, h: 140 },
      { x: 60, y: 200, w: 280, h: 100 },
      {
        confidence: 0.9,
        matte: { width, height, alpha: new Uint8Array(width * height).fill(255), confidence: 1 },
      },
    );
    const staged = await composePortrait(
      red,
      await readFile(WITCH),
      {},
      {
        locate: async () => location,
      },
    );
    const { crop } = staged.placement!;
    const scale = PORTRAIT_SIZE / crop.side;
    const photoLeft = Math.round(-crop.x * scale);
    const photoTop = Math.round(-crop.y * scale);
    expect(photoLeft).toBeGreaterThan(20);
    const scene = staged.sway!.scene;
    const redness = (x: number, y: number) => {
      const i = (y * PORTRAIT_SIZE + x) * 3;
      return (scene[i] ?? 0) - Math.max(scene[i + 1] ?? 0, scene[i + 2] ?? 0);
    };
    const row = Math.min(PORTRAIT_SIZE - 1, photoTop + Math.round((height * scale) / 2));
    const middle = Math.round(PORTRAIT_SIZE / 2);
    // Full red in the middle; at the photo's own left edge barely any: it fades in.
    expect(redness(middle, row)).toBeGreaterThan(150);
    expect(redness(photoLeft + 2, row)).toBeLessThan(redness(middle, row) / 4);
  });

  it('keeps the disc when the cut-out is unsure', async () => {
    const { label, bytes } = await tracedPhoto('golden-retriever.jpg');
    const location = await labelledLocation(bytes, label);
    const unsure: PetLocation = { ...location, matte: { ...location.matte!, confidence: 0.3 } };
    expect(planStage(unsure)).toBeUndefined();
    expect(placePet(unsure).frame).toBe('disc');
  });

  it.each(['dog1', 'cat3', 'hedgehog1'])(
    'stands the preset pet %s in the scene by its own outline, its picture background left out',
    async (id) => {
      // The preset picture's background painted green outside the shipped outline: none may show.
      const preset = await sharp(await readFile(`ui/public/presets/pets/${id}.png`))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const outline = await sharp(await readFile(`mock-server/workflow/preset-mattes/${id}.png`))
        .extractChannel(0)
        .raw()
        .toBuffer();
      const { data, info } = preset;
      for (let i = 0; i < outline.length; i++)
        if ((outline[i] ?? 0) < 8) data.set([0, 255, 0], i * 3);
      const green = await sharp(data, { raw: { ...info, channels: 3 } })
        .png()
        .toBuffer();
      const staged = await composePortrait(green, await readFile(WITCH), {
        pet: id,
        costume: 'witch',
      });
      expect(staged.placement?.frame).toBe('stage');
      expect(await greenPixels(staged.base)).toBeLessThan(PORTRAIT_SIZE);
      // Large, and the witch's brim stays inside the portrait on both sides.
      const { head } = staged.placement!;
      expect(head.cx - 1.55 * head.r).toBeGreaterThan(0);
      expect(head.cx + 1.55 * head.r).toBeLessThan(1);
      expect(staged.head.y1 - staged.head.y0).toBeGreaterThan(PORTRAIT_SIZE / 8);
    },
    60_000,
  );

  it('stands a preset pet drawn larger (the landing page draws them at 480 px) just the same', async () => {
    const small = await readFile('ui/public/presets/pets/dog1.png');
    const large = await sharp(small).resize(480, 480).png().toBuffer();
    const costume = await readFile(WITCH);
    const at = (pet: Buffer) => composePortrait(pet, costume, { pet: 'dog1', costume: 'witch' });
    const [a, b] = [await at(small), await at(large)];
    expect(b.placement?.frame).toBe('stage');
    for (const key of ['cx', 'cy', 'r'] as const)
      expect(b.placement!.head[key]).toBeCloseTo(a.placement!.head[key], 3);
  });

  it('brings the side of the photo that cuts the pet off in a little, so a brim by that edge stays inside', () => {
    // A 600 px photo that ends at the pet's shoulder on the left: the pet (the matte) runs from
    // the left edge to x = 420, its head at the left edge, the witch's brim reaching past it.
    const [width, height] = [600, 600];
    const alpha = new Uint8Array(width * height);
    for (let y = 150; y < height; y++) alpha.fill(255, y * width, y * width + 420);
    const location = testLocation(
      width,
      height,
      { x: 10, y: 150, w: 170, h: 170 },
      { x: 0, y: 280, w: 420, h: 320 },
      { matte: { width, height, alpha, confidence: 1 } },
    );
    const { head, crop } = planStage(location)!;
    expect(head.cx - 1.55 * head.r).toBeGreaterThan(0);
    // The photo's left edge, where the pet is cut, comes into the portrait, but not far.
    expect(crop.x).toBeLessThan(0);
    expect(-crop.x).toBeLessThanOrEqual(0.15 * crop.side + 1);
  });

  it('puts a guessed head box that starts above the pet onto the pet, so a hat sits on its crown', async () => {
    // A 600 px photo whose pet (a disc, the matte) starts at y = 200; the head was guessed at a
    // box starting at y = 100, in the background above it.
    const [width, height] = [600, 600];
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (Math.hypot(x - 300, y - 400) < 200) alpha[y * width + x] = 255;
    const location = testLocation(
      width,
      height,
      { x: 150, y: 100, w: 300, h: 300 },
      { x: 120, y: 380, w: 360, h: 200 },
      { confidence: 0.3, matte: { width, height, alpha, confidence: 1 } },
    );
    const staged = planStage(location)!;
    const { head, crop } = staged;
    expect(head.guessed).toBe(true);
    expect(head.topOnPet).toBe(true);
    const top = head.box!.y0 * crop.side + crop.y;
    expect(top).toBeGreaterThan(190);
    expect(top).toBeLessThan(230);
    // Then the hat sits on that crown as on a sure head, not lifted clear of the guessed box.
    const sure = { ...head, guessed: false };
    expect(wearableSvg('witch', head, 1000, undefined, ['above'])).toBe(
      wearableSvg('witch', sure, 1000, undefined, ['above']),
    );
    // Masks stay off a guessed face.
    expect(wearableSvg('superhero', head, 1000, undefined, ['face'])).not.toContain('#1f4fd1');
  });
});
