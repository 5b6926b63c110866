import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions, type Stats } from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRESET_COSTUMES, PRESET_PETS } from '../../domain/model/presets';
import { composePortrait, posesOf } from './portrait';
import { identifyPreset } from './preset-identity';
import { renderCostumeImage } from './render-costume';
import { PET_DISC } from './scene';
import {
  PET_HEADS,
  wearableSvg,
  WEARABLE_COSTUMES,
  wobbleAt,
  WOBBLE_POSES,
  type HeadAnchor,
} from './wearables';

const SIDE = 600;
const presetFile = (kind: 'pets' | 'costumes', id: string) =>
  readFileSync(`ui/public/presets/${kind}/${id}.png`);

/** The box of everything a costume's pieces draw for this head, in px of a SIDE picture. */
async function drawnBox(costume: string, head: HeadAnchor) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">${wearableSvg(costume, head, SIDE)}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  let [left, top, right, bottom] = [SIDE, SIDE, -1, -1];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[(y * info.width + x) * 4 + 3]! > 0) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { left, top, right, bottom };
}

describe('costumes worn by the preset pets', () => {
  it('every preset pet has a reviewed head, inside its picture, and every preset costume pieces', () => {
    expect(Object.keys(PET_HEADS).sort()).toEqual(PRESET_PETS.map((pet) => pet.id).sort());
    expect([...WEARABLE_COSTUMES].sort()).toEqual(PRESET_COSTUMES.map((c) => c.id).sort());
    for (const [pet, head] of Object.entries(PET_HEADS)) {
      expect(head.cx - head.r, pet).toBeGreaterThanOrEqual(0);
      expect(head.cx + head.r, pet).toBeLessThanOrEqual(1);
      expect(head.cy - head.r, pet).toBeGreaterThanOrEqual(0);
      expect(head.cy + head.r, pet).toBeLessThanOrEqual(1);
    }
  });

  it.each(WEARABLE_COSTUMES)(
    '%s sits on the head of every preset pet, not beside it',
    async (costume) => {
      for (const [pet, head] of Object.entries(PET_HEADS)) {
        const box = await drawnBox(costume, head);
        const [cx, cy, r] = [head.cx * SIDE, head.cy * SIDE, head.r * SIDE];
        // Something is drawn, and it touches the head's circle: a hat's brim, a mask, a collar.
        expect(box.right, `${costume} on ${pet}`).toBeGreaterThan(box.left);
        expect(box.left, `${costume} on ${pet}`).toBeLessThan(cx + r);
        expect(box.right, `${costume} on ${pet}`).toBeGreaterThan(cx - r);
        expect(box.top, `${costume} on ${pet}`).toBeLessThan(cy + r);
        expect(box.bottom, `${costume} on ${pet}`).toBeGreaterThan(cy - r);
        // And stays within reach of it (at most 3 head radii above, 2.5 below, 3.5 either side), or
        // on the body, where capes hang and wings grow.
        const b = {
          x0: head.body.x0 * SIDE,
          y1: head.body.y1 * SIDE,
          x1: head.body.x1 * SIDE,
        };
        const at = `${costume} on ${pet}`;
        expect(box.top, at).toBeGreaterThanOrEqual(Math.floor(cy - 3 * r) - 1);
        expect(box.bottom, at).toBeLessThanOrEqual(Math.ceil(Math.max(cy + 2.5 * r, b.y1)) + 1);
        expect(box.left, at).toBeGreaterThanOrEqual(Math.floor(Math.min(cx - 3.5 * r, b.x0)) - 1);
        expect(box.right, at).toBeLessThanOrEqual(Math.ceil(Math.max(cx + 3.5 * r, b.x1)) + 1);
      }
    },
  );

  it.each(['vampire', 'superhero', 'dragon', 'angel'])(
    '%s: the cape or wing lies over the body of every pet seen side on, not beside it',
    async (costume) => {
      for (const [pet, head] of Object.entries(PET_HEADS)) {
        if (head.facing === 'front') continue;
        const drawn = await drawnBox(costume, head);
        const [x0, x1] = [head.body.x0 * SIDE, head.body.x1 * SIDE];
        // Reaches at least half way along the body from the neck, and down into it.
        expect(drawn.right, `${costume} on ${pet}`).toBeGreaterThanOrEqual(x0 + (x1 - x0) / 2);
        expect(drawn.bottom, `${costume} on ${pet}`).toBeGreaterThan(head.body.y0 * SIDE);
      }
    },
  );

  it('every body is inside its picture, and behind a head seen side on', () => {
    for (const [pet, { body, cx, facing }] of Object.entries(PET_HEADS)) {
      expect(
        [body.x0, body.y0, body.x1, body.y1].every((v) => v >= 0 && v <= 1),
        pet,
      ).toBe(true);
      expect(body.x1 > body.x0 && body.y1 > body.y0, pet).toBe(true);
      if (facing === 'left') expect(body.x1, pet).toBeGreaterThan(cx);
    }
  });

  it('a pet facing right wears its pieces mirrored', async () => {
    const left = await drawnBox('superhero', {
      cx: 0.5,
      cy: 0.5,
      r: 0.1,
      facing: 'left',
      body: { x0: 0.55, y0: 0.5, x1: 0.8, y1: 0.7 },
    });
    const right = await drawnBox('superhero', {
      cx: 0.5,
      cy: 0.5,
      r: 0.1,
      facing: 'right',
      body: { x0: 0.2, y0: 0.5, x1: 0.45, y1: 0.7 },
    });
    expect(right.left).toBeCloseTo(SIDE - 1 - left.right, -1);
    expect(right.right).toBeCloseTo(SIDE - 1 - left.left, -1);
  });

  it('a costume that is not a preset has no pieces (its colours are worn as an outfit instead)', () => {
    expect(wearableSvg('my-own-upload', PET_HEADS.dog1!, SIDE)).toBeUndefined();
  });

  it('leaves the flat capes out for a pet wearing the suit, and keeps its mask and wings', () => {
    for (const pet of ['dog1', 'cat2'] as const) {
      const head = PET_HEADS[pet]!;
      const pose = { tilt: 0, lift: 0 };
      // The superhero's cape red, the vampire's cape lining: drawn in the disc, not on the stage.
      expect(wearableSvg('superhero', head, SIDE)).toContain('#d7263d');
      expect(wearableSvg('superhero', head, SIDE, pose, undefined, true)).not.toContain('#d7263d');
      expect(wearableSvg('vampire', head, SIDE, pose, undefined, true)).not.toContain('#b3122e');
      expect(wearableSvg('superhero', head, SIDE, pose, undefined, true)).toContain('#1f4fd1');
      expect(wearableSvg('angel', head, SIDE, pose, undefined, true)).toContain('#c9d6ff');
    }
  });
});

describe('the workflow knows a preset from its bytes', () => {
  it('names every shipped preset picture, and nothing else', async () => {
    for (const kind of ['pets', 'costumes'] as const)
      for (const file of readdirSync(`ui/public/presets/${kind}`))
        expect(await identifyPreset(readFileSync(`ui/public/presets/${kind}/${file}`))).toEqual({
          kind: kind === 'pets' ? 'pet' : 'costume',
          id: file.replace('.png', ''),
        });
    const reencoded = await sharp(presetFile('costumes', 'witch'))
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await identifyPreset(reencoded)).toBeUndefined();
  });

  it('the witch preset puts a hat on the dog; the same picture uploaded puts none there', async () => {
    const dog = presetFile('pets', 'dog1');
    const witch = presetFile('costumes', 'witch');
    const upload = await sharp(witch).png({ compressionLevel: 1 }).toBuffer();
    const hatArea = async (costume: Buffer) => {
      const { base } = await composePortrait(dog, costume);
      const head = PET_HEADS.dog1!;
      const x = Math.round(PET_DISC.cx - PET_DISC.r + head.cx * PET_DISC.r * 2);
      const y = Math.round(PET_DISC.cy - PET_DISC.r + (head.cy - 1.8 * head.r) * PET_DISC.r * 2);
      return sharp(base, { raw: { width: 1024, height: 1024, channels: 3 } })
        .extract({ left: x - 10, top: y - 10, width: 20, height: 20 })
        .stats();
    };
    const [worn, uploaded] = await Promise.all([hatArea(witch), hatArea(upload)]);
    // The hat's purple cone there: dark and blue-red, where the uploaded picture's portrait has none.
    const mean = (stats: Stats) => stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
    expect(mean(worn)).not.toEqual(mean(uploaded));
    const [r, g, b] = mean(worn);
    expect(b!).toBeGreaterThan(g!);
    expect(r! + g! + b!).toBeLessThan(300);
  });
});

describe('the worn costume sways in the video', () => {
  it('twelve poses for a preset costume, leaning either way and back; an uploaded picture worn turns the head too', async () => {
    const dog = presetFile('pets', 'dog1');
    const witch = presetFile('costumes', 'witch');
    const worn = await composePortrait(dog, witch);
    const poses = await posesOf(worn);
    expect(poses).toHaveLength(WOBBLE_POSES);
    expect(poses[0]).toBe(worn.base);
    expect(poses[3]!.equals(worn.base)).toBe(false);
    expect(poses[9]!.equals(poses[3]!)).toBe(false);
    expect([0, 3, 6, 9].map((k) => Math.sign(Math.round(wobbleAt(k).tilt)))).toEqual([0, 1, 0, -1]);
    // The same picture uploaded is worn (its colours on the pet standing in the scene): no pieces
    // sway, but the head turns.
    const upload = await sharp(witch).png({ compressionLevel: 1 }).toBuffer();
    const uploaded = await composePortrait(dog, upload);
    expect(uploaded.sway?.head).toBeDefined();
    expect(await posesOf(uploaded)).toHaveLength(WOBBLE_POSES);
  });
});

describe('deterministic as before', () => {
  it('the same preset inputs give the same image bytes and the same sway, run after run', async () => {
    const dog = presetFile('pets', 'dog1');
    const vampire = presetFile('costumes', 'vampire');
    const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-worn-'));
    try {
      const [first, second] = await Promise.all(
        ['a', 'b'].map((id) => renderCostumeImage({ pet: dog, costume: vampire, outDir: dir, id })),
      );
      expect(readFileSync(first!.imageFile).equals(readFileSync(second!.imageFile))).toBe(true);
      const [posesA, posesB] = await Promise.all([
        posesOf(first!.portrait),
        posesOf(second!.portrait),
      ]);
      expect(posesA.every((pose, k) => pose.equals(posesB[k]!))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fangs on a face seen side on', () => {
  /** Alpha over the portrait of the given sharp composite layers. */
  const alphaOf = async (layers: OverlayOptions[]) =>
    sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#0000' } })
      .composite(layers)
      .raw()
      .toBuffer();

  it('sit on the muzzle of every side-on preset pet standing in the scene, not in front of it', async () => {
    const costume = presetFile('costumes', 'vampire');
    const sideOn = PRESET_PETS.filter(({ id }) => PET_HEADS[id]?.facing !== 'front');
    expect(sideOn.length).toBeGreaterThan(5);
    for (const { id } of sideOn) {
      const portrait = await composePortrait(presetFile('pets', id), costume);
      const pieces = portrait.sway?.layers[0];
      if (!pieces || !portrait.figure) throw new Error(`${id}: a vampire is worn on the stage`);
      const [worn, pet] = await Promise.all([
        sharp(pieces).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
        alphaOf(portrait.figure.filter((layer) => layer.input !== pieces)),
      ]);
      // The fangs are the pieces' pure white; the pet is the figure without its pieces.
      let fang = 0;
      let onPet = 0;
      const { data, info } = worn;
      for (let i = 0; i < info.width * info.height; i++) {
        const white = [0, 1, 2, 3].every((k) => data[i * 4 + k]! >= 250);
        if (!white) continue;
        fang++;
        if (pet[i * 4 + 3]! >= 128) onPet++;
      }
      expect(fang, `${id}: fangs drawn`).toBeGreaterThan(20);
      expect(onPet / fang, `${id}: share of the fangs on the pet`).toBeGreaterThan(0.9);
    }
  }, 300_000);
});
