// Face pieces on a located photo's face: masks and eye patches on the eyes the locator found,
// fangs at its mouth, hats leaning with the head's roll, and when the locator is unsure of the
// face, no piece over it at all (as for a guessed head).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PetLocation } from './locate/pet-location';
import { placePet } from './placement';
import { wearableSvg, type HeadAnchor, type PieceRole } from './wearables';

const SIDE = 400;

/** A cat's face in an 800 x 600 photo, its head leaning 20 degrees clockwise, eyes high in the box. */
const located: PetLocation = {
  width: 800,
  height: 600,
  head: { x: 300, y: 90, w: 240, h: 240 },
  body: { x: 250, y: 300, w: 340, h: 300 },
  facing: 'front',
  confidence: 0.9,
  method: 'test',
  face: {
    eyes: [
      { x: 370, y: 160 },
      { x: 470, y: 196 },
    ],
    mouth: { x: 380, y: 235 },
    roll: 20,
    confidence: 0.9,
  },
};

/** The pixels an SVG fragment draws on a SIDE picture, with their colour. */
async function pixels(svg: string | undefined) {
  const image = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${svg ?? ''}</svg>`;
  const { data } = await sharp(Buffer.from(image)).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const out: { x: number; y: number; rgb: [number, number, number] }[] = [];
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const i = (y * SIDE + x) * 4;
      if (data[i + 3]! > 200) out.push({ x, y, rgb: [data[i]!, data[i + 1]!, data[i + 2]!] });
    }
  return out;
}

const drawn = (costume: string, head: HeadAnchor, roles: PieceRole[]) =>
  pixels(wearableSvg(costume, head, SIDE, { tilt: 0, lift: 0 }, roles));

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('a located face, found and sure', () => {
  const { crop, head } = placePet(located);
  /** A point of the photo on the SIDE picture of the crop. */
  const onPicture = (p: { x: number; y: number }) => ({
    x: ((p.x - crop.x) / crop.side) * SIDE,
    y: ((p.y - crop.y) / crop.side) * SIDE,
  });
  const r = head.r * SIDE;

  it("puts the superhero's mask with its eye holes on the eyes found", async () => {
    expect(head.face).toBeDefined();
    const white = (await drawn('superhero', head, ['face'])).filter(({ rgb }) =>
      rgb.every((c) => c > 240),
    );
    const [left, right] = located.face!.eyes.map(onPicture);
    const middle = (left!.x + right!.x) / 2;
    for (const [eye, hole] of [
      [left!, white.filter((p) => p.x < middle)],
      [right!, white.filter((p) => p.x >= middle)],
    ] as const) {
      expect(hole.length).toBeGreaterThan(10);
      expect(Math.abs(mean(hole.map((p) => p.x)) - eye.x)).toBeLessThan(0.15 * r);
      expect(Math.abs(mean(hole.map((p) => p.y)) - eye.y)).toBeLessThan(0.15 * r);
    }
  });

  it("hangs the vampire's fangs from the mouth found", async () => {
    const fangs = (await drawn('vampire', head, ['face'])).filter(({ rgb }) =>
      rgb.every((c) => c > 240),
    );
    const mouth = onPicture(located.face!.mouth);
    expect(fangs.length).toBeGreaterThan(5);
    expect(Math.abs(mean(fangs.map((p) => p.x)) - mouth.x)).toBeLessThan(0.3 * r);
    expect(Math.abs(mean(fangs.map((p) => p.y)) - mouth.y)).toBeLessThan(0.3 * r);
  });

  it("tilts the witch's hat with the head's roll", async () => {
    const { face: _face, ...level } = head;
    const lean = async (anchor: HeadAnchor) => {
      const hat = await drawn('witch', anchor, ['above']);
      const xs = hat.map((p) => p.x);
      const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
      const third = (x1 - x0) / 3;
      const lowest = (from: number, to: number) =>
        Math.max(...hat.filter((p) => p.x >= from && p.x < to).map((p) => p.y));
      // The brim's lowest point at its right end over its left end: lower on the right when the
      // head leans clockwise.
      return lowest(x1 - third, x1 + 1) - lowest(x0, x0 + third);
    };
    expect((await lean(head)) - (await lean(level))).toBeGreaterThan(0.3 * r);
  });
});

describe('a located face the locator is unsure of', () => {
  const unsure: PetLocation = { ...located, face: { ...located.face!, confidence: 0.2 } };
  const { head } = placePet(unsure);

  it('gets no mask, eye patch or fangs, while the hat still sits on the head found', async () => {
    expect(head.guessed).toBe(false);
    for (const costume of ['superhero', 'pirate', 'vampire', 'ninja', 'skeleton'])
      expect(await drawn(costume, head, ['face']), costume).toHaveLength(0);
    const { faceUnsure: _unsure, ...plain } = head;
    expect(wearableSvg('witch', head, SIDE, undefined, ['above'])).toBe(
      wearableSvg('witch', plain, SIDE, undefined, ['above']),
    );
  });
});
