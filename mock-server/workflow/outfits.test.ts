import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { wearSuit, type HeadSpot } from './outfits';
import { composePortrait } from './portrait';
import { PORTRAIT_SIZE } from './scene';

// A costume's suit is worn on the pet's body: inside its outline, clear of its head and ears,
// shaded by the fur underneath.

const [W, H] = [400, 240];
const HEAD: HeadSpot = { x: 70, y: 90, r: 40, facing: 'left' };

/**
 * A side-on pet: a head at the left, a body to its right, an ear above the head; the body's left
 * half is dark fur and its right half light fur. Outside the pet everything is transparent.
 */
function sidePet(): Buffer {
  const rgba = Buffer.alloc(W * H * 4);
  const set = (x: number, y: number, grey: number) => {
    const i = (y * W + x) * 4;
    rgba.set([grey, grey, grey, 255], i);
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inHead = Math.hypot(x - HEAD.x, y - HEAD.y) < HEAD.r;
      const inEar = x >= 55 && x < 85 && y >= 20 && y < 60;
      const inBody = x >= 100 && x < 380 && y >= 80 && y < 220;
      if (inHead || inEar) set(x, y, 150);
      else if (inBody) set(x, y, x < 240 ? 70 : 190);
    }
  }
  return rgba;
}

const pixel = (rgba: Buffer, x: number, y: number) => {
  const i = (y * W + x) * 4;
  return [rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0, rgba[i + 3] ?? 0] as const;
};

/** The mean lightness of the body's pixels between two columns. */
function meanLight(rgba: Buffer, x0: number, x1: number): number {
  let [sum, count] = [0, 0];
  for (let y = 90; y < 210; y++)
    for (let x = x0; x < x1; x++) {
      const [r, g, b] = pixel(rgba, x, y);
      sum += (r + g + b) / 3;
      count++;
    }
  return sum / count;
}

describe('a suit worn over the pet', () => {
  it('dresses the body in the costume colours and leaves the head, ears and scene alone', async () => {
    const bare = sidePet();
    const dressed = Buffer.from(bare);
    await wearSuit(dressed, W, H, 'pirate', HEAD);
    // The pirate's red and white stripes on the body.
    let [red, white] = [0, 0];
    for (let y = 90; y < 210; y++)
      for (let x = 110; x < 370; x++) {
        const [r, g, b] = pixel(dressed, x, y);
        if (r > g + 60 && r > b + 60) red++;
        if (Math.min(r, g, b) > 150 && r - b < 40) white++;
      }
    expect(red).toBeGreaterThan(2000);
    expect(white).toBeGreaterThan(2000);
    // Head, ear and the transparent scene are untouched.
    for (const [x, y] of [
      [HEAD.x, HEAD.y],
      [HEAD.x + 20, HEAD.y + 10],
      [70, 30],
      [20, 200],
      [390, 10],
    ] as const)
      expect(pixel(dressed, x, y)).toEqual(pixel(bare, x, y));
  });

  it('keeps the fur light and dark under the cloth', async () => {
    const dressed = sidePet();
    await wearSuit(dressed, W, H, 'ghost', HEAD);
    // The ghost's pale sheet lifts the dark fur (70 of 255) a long way, yet where the fur was dark
    // the cloth stays clearly darker.
    expect(meanLight(dressed, 120, 230)).toBeGreaterThan(130);
    expect(meanLight(dressed, 260, 370) - meanLight(dressed, 120, 230)).toBeGreaterThan(40);
  });

  it('wears an outfit from a picture: its colours in bands, or its tile, over the body, the fur’s light kept', async () => {
    const bare = sidePet();
    const banded = Buffer.from(bare);
    const red = { r: 200, g: 30, b: 40 };
    const blue = { r: 30, g: 60, b: 200 };
    await wearSuit(banded, W, H, { colours: [red, blue] }, HEAD);
    let [reds, blues] = [0, 0];
    for (let y = 90; y < 210; y++)
      for (let x = 110; x < 370; x++) {
        const [r, g, b] = pixel(banded, x, y);
        if (r > g + 60 && r > b + 60) reds++;
        if (b > r + 60 && b > g + 60) blues++;
      }
    // The most worn colour the widest band.
    expect(reds).toBeGreaterThan(blues);
    expect(blues).toBeGreaterThan(2000);
    // Where the fur was dark the cloth stays darker.
    expect(meanLight(banded, 260, 370) - meanLight(banded, 120, 230)).toBeGreaterThan(20);
    // A tile of green and yellow checks is laid the same way; the head and ear stay fur.
    const tile = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#00c000"/><rect width="4" height="4" fill="#e0e000"/><rect x="4" y="4" width="4" height="4" fill="#e0e000"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const tiled = Buffer.from(bare);
    await wearSuit(tiled, W, H, { colours: [{ r: 0, g: 192, b: 0 }], tile }, HEAD);
    let [greens, yellows] = [0, 0];
    for (let y = 90; y < 210; y++)
      for (let x = 110; x < 370; x++) {
        const [r, g, b] = pixel(tiled, x, y);
        if (g > r + 60 && g > b + 60) greens++;
        if (r > b + 60 && g > b + 60) yellows++;
      }
    expect(greens).toBeGreaterThan(2000);
    expect(yellows).toBeGreaterThan(2000);
    for (const [x, y] of [
      [HEAD.x, HEAD.y],
      [70, 30],
      [20, 200],
    ] as const) {
      expect(pixel(banded, x, y)).toEqual(pixel(bare, x, y));
      expect(pixel(tiled, x, y)).toEqual(pixel(bare, x, y));
    }
  });

  it('leaves a pet as it is for a costume without a suit', async () => {
    const bare = sidePet();
    const same = Buffer.from(bare);
    await wearSuit(same, W, H, undefined, HEAD);
    await wearSuit(same, W, H, 'no-such-costume', HEAD);
    expect(same.equals(bare)).toBe(true);
  });

  it('dresses a preset pet in the scene: the robot plates cover its body, not its face', async () => {
    const pet = await readFile('ui/public/presets/pets/dog1.png');
    const robot = await readFile('ui/public/presets/costumes/robot.png');
    const witch = await readFile('ui/public/presets/costumes/witch.png');
    const worn = await composePortrait(pet, robot, { pet: 'dog1', costume: 'robot' });
    const plain = await composePortrait(pet, witch, { pet: 'dog1' });
    // The robot's grey plates: neutral mid-grey pixels where dog1's body is light orange fur.
    const grey = (portrait: Buffer) => {
      let count = 0;
      for (let i = 0; i < portrait.length; i += 3) {
        const [r = 0, g = 0, b = 0] = [portrait[i], portrait[i + 1], portrait[i + 2]];
        if (r > 120 && Math.max(r, g, b) - Math.min(r, g, b) < 24) count++;
      }
      return count;
    };
    expect(grey(worn.sway!.scene)).toBeGreaterThan(grey(plain.base) + 40 * PORTRAIT_SIZE);
  });
});
