import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelledLocation } from './locate/labelled-locator';
import type { PetLocation } from './locate/pet-location';
import { composePortrait, posesOf } from './portrait';
import { PET_DISC, PORTRAIT_SIZE } from './scene';
import {
  greenPixels,
  testLocation,
  TRACED_PHOTOS,
  tracedOnGreen,
  tracedPhoto,
  WITCH,
} from './test-images';

// "Keep my photo's background" (issue 40): the owner's photo fills the portrait, cover-cropped
// inside the photo (no disc, no stretched band), with the costume and the scene's light on it.
// And the unsure cut-out's disc shows the photo alone, never its edges smeared outwards.

const SIZE = PORTRAIT_SIZE;

/** The mean difference (0-255) between two rows of a raw RGB portrait. */
function rowDifference(portrait: Buffer, a: number, b: number, x0 = 0, x1 = SIZE): number {
  let sum = 0;
  for (let x = x0; x < x1; x++)
    for (let k = 0; k < 3; k++)
      sum += Math.abs(
        (portrait[(a * SIZE + x) * 3 + k] ?? 0) - (portrait[(b * SIZE + x) * 3 + k] ?? 0),
      );
  return sum / ((x1 - x0) * 3);
}

const compose = async (
  pet: Buffer,
  location: PetLocation,
  keepBackground: boolean,
  costume?: Buffer,
) =>
  composePortrait(
    pet,
    costume ?? (await readFile(WITCH)),
    {},
    {
      locate: async () => location,
      keepBackground,
    },
  );

describe("Keep my photo's background", () => {
  it.each(TRACED_PHOTOS)(
    "fills the portrait with the photo's background when asked, and leaves it out otherwise (%s on green)",
    async (file) => {
      const { green, location } = await tracedOnGreen(file);
      const kept = await compose(green, location, true);
      expect(kept.keptBackground).toBe(true);
      // A good part of the portrait is the photo's (green) background: no scene, no disc around it.
      expect(greenPixels(kept.base)).toBeGreaterThan(0.15 * SIZE * SIZE);
      // Without the option the pet stands in the scene, none of its background around it.
      const staged = await compose(green, location, false);
      expect(staged.keptBackground).toBeUndefined();
      expect(greenPixels(staged.base)).toBeLessThan(SIZE);
    },
    60_000,
  );

  it('covers the portrait with a photo too small and the wrong shape, scaled, never stretched at its edges', async () => {
    const { label, bytes } = await tracedPhoto('golden-retriever.jpg');
    // A thin strip of the photo (its middle band), 3 times as wide as tall and small.
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const strip = { left: 0, top: Math.round(height * 0.3), width, height: Math.round(width / 3) };
    const thin = await sharp(bytes).extract(strip).resize(480, 160).png().toBuffer();
    const location = testLocation(
      480,
      160,
      { x: 60, y: 10, w: 120, h: 110 },
      { x: 40, y: 100, w: 200, h: 60 },
      { facing: label.facing ?? 'front' },
    );
    const kept = await compose(thin, location, true);
    const { crop } = kept.placement!;
    // The square lies inside the photo: nothing past its edges is made up.
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.side).toBeLessThanOrEqual(480 + 1e-6);
    expect(crop.y + crop.side).toBeLessThanOrEqual(160 + 1e-6);
    // The rows at the bottom are the photo's own, not copies of one row carried down.
    const last = SIZE - 1;
    const copies = Array.from({ length: 96 }, (_, k) => last - 1 - k).filter(
      (y) => rowDifference(kept.base, y, last) < 2,
    );
    expect(copies.length).toBeLessThan(12);
    expect(rowDifference(kept.base, last - 96, last)).toBeGreaterThan(6);
  }, 60_000);

  it('wears the costume on the kept photo and moves the head with it in the video', async () => {
    const { label, bytes } = await tracedPhoto('shepherd-dog.jpg');
    const location = await labelledLocation(bytes, label);
    const kept = await compose(bytes, location, true);
    expect(kept.keptBackground).toBe(true);
    expect(kept.placement?.frame).toBe('stage');
    expect(kept.sway?.head).toBeDefined();
    // The hat is worn over the photo: the portrait at rest differs from the photo alone there.
    const scene = kept.sway!.scene;
    let changed = 0;
    for (let i = 0; i < scene.length; i++) if (scene[i] !== kept.base[i]) changed++;
    expect(changed).toBeGreaterThan(3 * 10_000);
    // Another pose of the sway turns the head: the frames differ where the head is.
    const poses = await posesOf(kept);
    const head = kept.head;
    let moved = 0;
    for (let y = Math.round(head.y0); y < Math.round(head.y1); y++)
      for (let x = Math.round(head.x0); x < Math.round(head.x1); x++) {
        const i = (y * SIZE + x) * 3;
        if (Math.abs((poses[0]![i] ?? 0) - (poses[3]![i] ?? 0)) > 12) moved++;
      }
    expect(moved).toBeGreaterThan(500);
  }, 60_000);

  it('falls back, for an unsure cut-out, to a disc of the photo alone, with no smeared band', async () => {
    // A photo of fine noise: a head at its top edge sends the disc's square past the photo, where
    // its edge rows used to be carried on, blurred, into a smooth band.
    const [width, height] = [640, 420];
    const noise = await sharp(randomBytes(width * height * 3), {
      raw: { width, height, channels: 3 },
    })
      .png()
      .toBuffer();
    const location = testLocation(
      width,
      height,
      { x: 170, y: 0, w: 300, h: 280 },
      { x: 120, y: 260, w: 400, h: 160 },
    );
    // A costume picture that is no preset: nothing is worn over the disc (no cut-out to lay its
    // colours in), and no badge shows it.
    const character = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#e07020' },
    })
      .png()
      .toBuffer();
    const framed = await compose(noise, location, false, character);
    expect(framed.placement?.frame).toBe('disc');
    const { crop } = framed.placement!;
    expect(crop.x).toBeGreaterThanOrEqual(0);
    expect(crop.y).toBeGreaterThanOrEqual(0);
    expect(crop.x + crop.side).toBeLessThanOrEqual(width + 1e-6);
    expect(crop.y + crop.side).toBeLessThanOrEqual(height + 1e-6);
    // Every row across the disc's middle half is noise: neighbouring rows differ, none is smooth.
    const half = Math.round(PET_DISC.r / 2);
    const [x0, x1] = [PET_DISC.cx - half, PET_DISC.cx + half];
    const smooth: number[] = [];
    for (let y = PET_DISC.cy - PET_DISC.r + 40; y < PET_DISC.cy + PET_DISC.r - 40; y++)
      if (rowDifference(framed.base, y, y + 1, x0, x1) < 8) smooth.push(y);
    expect(smooth).toEqual([]);
  }, 60_000);
});
