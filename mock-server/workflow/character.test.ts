import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findCharacter, findFigure } from './character';
import { pictureOutfit } from './picture-outfit';
import { stagePresetPet } from './preset-stage';
import { PET_HEADS } from './wearables';
import { composePortrait } from './portrait';
import { PORTRAIT_SIZE, STAGE_BADGE } from './scene';
import type { PetMatte } from './locate/matte';
import { labelledLocation } from './locate/labelled-locator';
import { drawnCharacter, pixelsNear, tracedPhoto } from './test-images';

// Issue 40, item 3: an uploaded costume picture is worn. The characters are real drawings of
// people in costumes (tests/fixtures/characters, with their sources).
const CHARACTERS = path.resolve(__dirname, '../../tests/fixtures/characters');
const PETS = path.resolve(__dirname, '../../ui/public/presets/pets');
const COSTUMES = path.resolve(__dirname, '../../ui/public/presets/costumes');

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
});

/** A landscape-like picture: green with squares of many colours, no figure on a plain backdrop. */
function landscape(ground = '#00ff00'): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: ground } })
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
}

/**
 * How far (mean channel difference) the portrait's corner badge circle is from the costume
 * picture drawn in it as the badge drew it (an opaque picture covering the badge's inner circle):
 * about 0 where the badge shows the picture.
 */
async function badgeDifference(base: Buffer, mirror: boolean, picture: Buffer): Promise<number> {
  const r = STAGE_BADGE.r - 8;
  const cx = mirror ? PORTRAIT_SIZE - STAGE_BADGE.cx : STAGE_BADGE.cx;
  const drawn = await sharp(picture)
    .resize(2 * r, 2 * r, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let [sum, n] = [0, 0];
  for (let y = 0; y < 2 * r; y++)
    for (let x = 0; x < 2 * r; x++) {
      if (Math.hypot(x + 0.5 - r, y + 0.5 - r) > r - 4) continue;
      const o = ((STAGE_BADGE.cy - r + y) * PORTRAIT_SIZE + (cx - r + x)) * 3;
      const i = (y * 2 * r + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(base[o + c]! - drawn[i + c]!);
      n += 3;
    }
  return sum / n;
}

describe('a pet that cannot wear the character wears its colours (issue 40, item 3)', () => {
  it('a picture with no character: no badge, the pet dressed in its colours, and a notice', async () => {
    const pet = readFileSync(path.join(PETS, 'dog1.png'));
    const picture = await landscape();
    const portrait = await composePortrait(pet, picture, { pet: 'dog1' });
    expect(portrait.notice).toBe('no_character');
    // The badge's circle no longer holds the picture.
    expect(await badgeDifference(portrait.base, portrait.mirror, picture)).toBeGreaterThan(40);
    // The picture's green is worn on the pet's body, inside its outline.
    const { inside, outside } = wornColour(
      portrait.base,
      await presetMatte('dog1'),
      (r, g, b) => g > 150 && r < 100 && b < 100,
    );
    expect(inside).toBeGreaterThan(20_000);
    // Off the pet only a glint of the scene's light, tinted by the picture's colours.
    expect(outside).toBeLessThan(inside / 50);
    // The pet's head turns in the video as a worn character's does.
    expect(portrait.sway?.head).toBeDefined();
  });

  it('a drawn figure with no head to take (the astronaut): no badge, no notice, its colours worn', async () => {
    const pet = readFileSync(path.join(PETS, 'dog1.png'));
    const astronaut = readFileSync(path.join(CHARACTERS, 'astronaut.jpg'));
    const figure = await findFigure(astronaut);
    expect(figure).toBeDefined();
    expect(figure!.head).toBeUndefined();
    const portrait = await composePortrait(pet, astronaut, { pet: 'dog1' });
    expect(portrait.notice).toBeUndefined();
    expect(await badgeDifference(portrait.base, portrait.mirror, astronaut)).toBeGreaterThan(30);
    // The body wears the figure's own colours: it moved from the bare pet's toward them.
    const { colours } = await pictureOutfit(astronaut, figure);
    const bare = await composePortrait(pet, readFileSync(path.join(COSTUMES, 'ghost.png')), {
      pet: 'dog1',
      costume: 'ghost',
    });
    const matte = await presetMatte('dog1');
    const body = (raw: Buffer) => meanOn(raw, matte, portrait.head);
    const [worn, ghost] = [body(portrait.base), body(bare.sway?.scene ?? bare.base)];
    const near = (c: readonly number[]) =>
      Math.min(...colours.map((k) => Math.hypot(c[0]! - k.r, c[1]! - k.g, c[2]! - k.b)));
    expect(near(worn)).toBeLessThan(near(ghost));
  });

  it.each([
    ['with its background cut away', 'landscape', false],
    ['with its background kept', 'landscape', true],
    ['with its background kept', 'police.jpg', true],
  ] as const)(
    'an uploaded photo %s wears the costume picture (%s) on its body inside its outline, and no badge',
    async (_, costume, keepBackground) => {
      const { label, bytes } = await tracedPhoto('shepherd-dog.jpg');
      const location = await labelledLocation(bytes, label);
      const picture =
        costume === 'landscape'
          ? await landscape('#ff00ff')
          : readFileSync(path.join(CHARACTERS, costume));
      const portrait = await composePortrait(
        bytes,
        picture,
        {},
        { locate: async () => location, keepBackground },
      );
      expect(portrait.notice).toBe(costume === 'landscape' ? 'no_character' : undefined);
      expect(await badgeDifference(portrait.base, portrait.mirror, picture)).toBeGreaterThan(30);
      // Its head turns in the video, the photo's background kept or not.
      expect(portrait.sway?.head).toBeDefined();
      const matte = matteOnPortrait(
        location.matte!,
        location.width,
        location.height,
        portrait.placement!.crop,
      );
      if (costume === 'landscape') {
        // The picture's magenta on the body, inside the outline.
        const { inside, outside } = wornColour(
          portrait.base,
          matte,
          (r, g, b) => r > 150 && b > 150 && g < 100,
        );
        expect(inside).toBeGreaterThan(20_000);
        if (!keepBackground) expect(outside).toBeLessThan(inside / 50);
      } else {
        // The police uniform's dark blue over the body, where the dog's fur is tan and black.
        const { inside } = wornColour(portrait.base, matte, (r, g, b) => b > r + 25 && b > g + 10);
        expect(inside).toBeGreaterThan(20_000);
      }
    },
    60_000,
  );

  it('a picture with a character keeps no notice; every real drawing gives a figure', async () => {
    const files = readdirSync(CHARACTERS).filter((file) => file.endsWith('.jpg'));
    for (const file of files)
      expect(await findFigure(readFileSync(path.join(CHARACTERS, file))), file).toBeDefined();
    const pet = readFileSync(path.join(PETS, 'dog3.png'));
    const portrait = await composePortrait(pet, await drawnCharacter(), { pet: 'dog3' });
    expect(portrait.notice).toBeUndefined();
  });
});

/** The preset pet's outline on the portrait (its stage fills the portrait), one byte a pixel. */
async function presetMatte(id: string): Promise<Uint8Array> {
  const pet = readFileSync(path.join(PETS, `${id}.png`));
  const side = (await sharp(pet).metadata()).width!;
  const staged = await stagePresetPet(id, PET_HEADS[id]!, side);
  return matteOnPortrait(staged!.matte, side, side, staged!.placement.crop);
}

/** A pet's matte (over a picture `width` x `height`) on the portrait its stage's crop fills. */
function matteOnPortrait(
  matte: PetMatte,
  width: number,
  height: number,
  crop: { x: number; y: number; side: number },
): Uint8Array {
  const alpha = new Uint8Array(PORTRAIT_SIZE * PORTRAIT_SIZE);
  for (let y = 0; y < PORTRAIT_SIZE; y++)
    for (let x = 0; x < PORTRAIT_SIZE; x++) {
      const sx = crop.x + (x / PORTRAIT_SIZE) * crop.side;
      const sy = crop.y + (y / PORTRAIT_SIZE) * crop.side;
      const mx = Math.floor((sx / width) * matte.width);
      const my = Math.floor((sy / height) * matte.height);
      if (mx < 0 || my < 0 || mx >= matte.width || my >= matte.height) continue;
      alpha[y * PORTRAIT_SIZE + x] = (matte.alpha[my * matte.width + mx] ?? 0) >= 250 ? 1 : 0;
    }
  return alpha;
}

/** How many of the portrait's pixels of `colour` lie on the matte, and off the box around it. */
function wornColour(
  raw: Buffer,
  matte: Uint8Array,
  colour: (r: number, g: number, b: number) => boolean,
) {
  const box = boxOf(matte, 12);
  let [inside, outside] = [0, 0];
  for (let i = 0; i < PORTRAIT_SIZE * PORTRAIT_SIZE; i++) {
    if (!colour(raw[i * 3]!, raw[i * 3 + 1]!, raw[i * 3 + 2]!)) continue;
    if (matte[i]) inside++;
    const [x, y] = [i % PORTRAIT_SIZE, Math.floor(i / PORTRAIT_SIZE)];
    if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) outside++;
  }
  return { inside, outside };
}

/** The box around the matte's pixels, `margin` wider each way. */
function boxOf(matte: Uint8Array, margin: number) {
  let [x0, y0, x1, y1] = [PORTRAIT_SIZE, PORTRAIT_SIZE, 0, 0];
  for (let i = 0; i < matte.length; i++) {
    if (!matte[i]) continue;
    const [x, y] = [i % PORTRAIT_SIZE, Math.floor(i / PORTRAIT_SIZE)];
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return { x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin };
}

/** The mean colour of the matte's pixels well clear of the head (the body). */
function meanOn(
  raw: Buffer,
  matte: Uint8Array,
  head: { x0: number; y0: number; x1: number; y1: number },
) {
  const [cx, cy] = [(head.x0 + head.x1) / 2, (head.y0 + head.y1) / 2];
  const reach = Math.max(head.x1 - head.x0, head.y1 - head.y0);
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < matte.length; i++) {
    if (!matte[i]) continue;
    const [x, y] = [i % PORTRAIT_SIZE, Math.floor(i / PORTRAIT_SIZE)];
    if (Math.hypot(x - cx, y - cy) < reach) continue;
    for (let c = 0; c < 3; c++) sum[c]! += raw[i * 3 + c]!;
    n++;
  }
  return sum.map((v) => v / Math.max(1, n));
}
