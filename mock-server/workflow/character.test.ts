import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findCharacter } from './character';
import { composePortrait } from './portrait';
import { PORTRAIT_SIZE } from './scene';
import { drawnCharacter, pixelsNear } from './test-images';

// Issue 40, item 3: an uploaded costume picture is worn. The characters are real drawings of
// people in costumes (tests/fixtures/characters, with their sources).
const CHARACTERS = path.resolve(__dirname, '../../tests/fixtures/characters');
const PETS = path.resolve(__dirname, '../../ui/public/presets/pets');

describe('findCharacter', () => {
  it('cuts out a drawn person on a plain backdrop and finds its head above its neck', async () => {
    const found = await findCharacter(await drawnCharacter());
    expect(found).toBeDefined();
    const { head, figure } = found!;
    // The head: the hat's top (y 40) down to the neck (about y 178-196), over the face's width.
    expect(head.y).toBeGreaterThanOrEqual(35);
    expect(head.y).toBeLessThanOrEqual(45);
    expect(head.y + head.h).toBeGreaterThanOrEqual(170);
    expect(head.y + head.h).toBeLessThanOrEqual(200);
    expect(head.x).toBeGreaterThanOrEqual(140);
    expect(head.x + head.w).toBeLessThanOrEqual(260);
    // The figure: arms to feet.
    expect(figure.x).toBeLessThanOrEqual(62);
    expect(figure.x + figure.w).toBeGreaterThanOrEqual(338);
    expect(figure.y + figure.h).toBeGreaterThanOrEqual(570);
  });

  it('finds the figure and a head in its top half on real costume drawings', async () => {
    const files = readdirSync(CHARACTERS).filter((file) => file.endsWith('.jpg'));
    const found: string[] = [];
    for (const file of files) {
      const character = await findCharacter(readFileSync(path.join(CHARACTERS, file)));
      if (!character) continue;
      found.push(file);
      const { head, figure } = character;
      expect(head.x, file).toBeGreaterThanOrEqual(figure.x - 1);
      expect(head.x + head.w, file).toBeLessThanOrEqual(figure.x + figure.w + 1);
      expect(head.y + head.h / 2, file).toBeLessThan(figure.y + figure.h / 2);
      expect(head.w, file).toBeGreaterThan(0.15 * figure.w);
    }
    // The astronaut floats in a suit with no neck to see; every other one is found.
    expect(found.length).toBeGreaterThanOrEqual(files.length - 1);
    expect(found).toContain('police.jpg');
  });

  it('finds none in a photo on a busy background, a blank picture or a see-through one', async () => {
    const photo = readFileSync(path.resolve(__dirname, '../../tests/fixtures/photos/kitten.jpg'));
    expect(await findCharacter(photo)).toBeUndefined();
    const blank = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(await findCharacter(blank)).toBeUndefined();
    const clear = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect(await findCharacter(clear)).toBeUndefined();
  });

  it('takes a see-through drawing by its own outline', async () => {
    const drawn = await sharp(await drawnCharacter())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The white backdrop made see-through.
    const { data, info } = drawn;
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) data[i + 3] = 0;
    const png = await sharp(data, { raw: info }).png().toBuffer();
    const found = await findCharacter(png);
    expect(found?.figure.y).toBeCloseTo(40, -1);
    expect(found!.head.y + found!.head.h).toBeGreaterThan(165);
  });
});

describe('a pet wearing an uploaded character', () => {
  it("puts the pet's head on the character's body, in the scene: no badge, the face replaced, the hat worn", async () => {
    const pet = readFileSync(path.join(PETS, 'dog3.png'));
    const portrait = await composePortrait(pet, await drawnCharacter(), { pet: 'dog3' });
    const raw = portrait.base;
    expect(raw.length).toBe(PORTRAIT_SIZE * PORTRAIT_SIZE * 3);
    // The body stands large in the scene (a badge would hold under 25,000 of it at most).
    expect(pixelsNear(raw, [0, 255, 0])).toBeGreaterThan(60_000);
    // The character's blue face (about 40,000 pixels at this size) is gone under the pet's head:
    // what is left is its crown under the hat and the neck under the pet's chin...
    expect(pixelsNear(raw, [0, 0, 255])).toBeLessThan(3_000);
    // ...and its red hat is worn on it, above the head's middle.
    expect(pixelsNear(raw, [255, 0, 0])).toBeGreaterThan(2_000);
    const hatRows: number[] = [];
    for (let i = 0; i < raw.length; i += 3)
      if (raw[i]! > 200 && raw[i + 1]! < 60 && raw[i + 2]! < 60)
        hatRows.push(Math.floor(i / 3 / PORTRAIT_SIZE));
    hatRows.sort((a, b) => a - b);
    const headCentre = (portrait.head.y0 + portrait.head.y1) / 2;
    expect(hatRows[hatRows.length >> 1]!).toBeLessThan(headCentre);
    // The video turns the pet's head.
    expect(portrait.sway?.head).toBeDefined();
  });

  it('keeps the badge when the picture holds no character', async () => {
    const pet = readFileSync(path.join(PETS, 'dog3.png'));
    const landscape = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#00ff00' },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">${Array.from(
              { length: 40 },
              (_, k) =>
                `<rect x="${(k * 37) % 400}" y="${(k * 53) % 300}" width="30" height="30" fill="#${(
                  (k * 2654435761) %
                  0xffffff
                )
                  .toString(16)
                  .padStart(6, '0')}"/>`,
            ).join('')}</svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    const portrait = await composePortrait(pet, landscape, { pet: 'dog3' });
    expect(portrait.sway).toBeUndefined();
  });
});
