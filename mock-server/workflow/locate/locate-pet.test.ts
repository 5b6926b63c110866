import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEAD_PROBE_FILE, headFound, headProbe } from './head-probe';
import { locatePet, warmUpLocator } from './locate-pet';
import { figures, LEARNT_SETS, lookAtAll } from './locator-measure';
import { LOCATION_TRUSTED, type PetLocation, type PixelBox } from './pet-location';

// The locator against real photographs with hand-labelled heads (tests/fixtures/photos, see its
// SOURCES.md): the measure of "found" is that the found head box's centre lies inside the
// labelled head and the labelled head's centre inside the found box.

interface LabelledPhoto {
  readonly file: string;
  readonly head: PixelBox;
  readonly alsoAccepted?: readonly { head: PixelBox }[];
}

const PHOTOS = path.resolve('tests/fixtures/photos');
/** Photographs the probe never learns from: they stand for a pet owner's (see its SOURCES.md). */
const HELD_OUT = path.resolve('tests/fixtures/photos-held-out');
const HELD_OUT_2 = path.resolve('tests/fixtures/photos-held-out-2');

async function labelledPhotos(folder = PHOTOS): Promise<LabelledPhoto[]> {
  const { photos } = JSON.parse(await readFile(path.join(folder, 'labels.json'), 'utf8')) as {
    photos: LabelledPhoto[];
  };
  return photos;
}

/**
 * Each folder's photographs located once for this file, as shot and mirrored (locating them is
 * most of its cost), and shared by the tests that measure them.
 */
const looked = new Map<string, ReturnType<typeof lookAtAll>>();
function lookedAt(folder: string): ReturnType<typeof lookAtAll> {
  const once = looked.get(folder) ?? lookAtAll(folder);
  looked.set(folder, once);
  return once;
}

/**
 * Whether the head found in a photo and the one found in its mirror image are the same head,
 * mirrored: their centres within one and a half cells of the probe's grid (48 a side) each way.
 */
function sameHeadMirrored(found: PetLocation, mirror: PetLocation): boolean {
  const tolerance = (1.5 * Math.max(found.width, found.height)) / 48;
  const x = found.width - (found.head.x + found.head.w / 2);
  const y = found.head.y + found.head.h / 2;
  return (
    Math.abs(x - (mirror.head.x + mirror.head.w / 2)) <= tolerance &&
    Math.abs(y - (mirror.head.y + mirror.head.h / 2)) <= tolerance
  );
}

describe('the head probe shipped', () => {
  it('was trained on every labelled photograph and on none held out, so a photograph added is learnt from once trained', async () => {
    const probe = JSON.parse(await readFile(HEAD_PROBE_FILE, 'utf8')) as { trainedOn: string[] };
    const files: string[] = [];
    for (const set of LEARNT_SETS)
      files.push(...(await labelledPhotos(path.resolve(set))).map((photo) => photo.file));
    expect([...probe.trainedOn].sort()).toEqual([...files].sort());
    for (const heldOutSet of [HELD_OUT, HELD_OUT_2]) {
      const heldOut = (await labelledPhotos(heldOutSet)).map((photo) => photo.file);
      expect(heldOut.filter((file) => files.includes(file))).toEqual([]);
    }
    // Three reads a cell: a head, its size, and the animal (the cut-out's prior).
    expect(headProbe().weights).toHaveLength(3);
  });
});

describe('locatePet on real photographs', () => {
  beforeAll(() => warmUpLocator(), 60_000);

  it('finds the head in at least 80% of the labelled photographs and of their mirror images, and is rarely sure of a wrong head', async () => {
    // The head probe learnt from these photographs; how it does on photographs it has not seen is
    // cross-validated by npm run train:head-probe and recorded in head-probe.json ("measured"),
    // and tried on the held-out ones below.
    const tensors = tf.memory().numTensors;
    const { looks, locations } = await lookedAt(PHOTOS);
    const f = figures(looks);
    expect(f.looks).toBeGreaterThanOrEqual(30);
    // The measure: the head found in at least 4 of 5 photographs, and of their mirrors.
    const missed = f.missed.filter((name) => !name.endsWith(' mirrored'));
    const missedMirrored = f.missed.filter((name) => name.endsWith(' mirrored'));
    expect(
      1 - (2 * missed.length) / f.looks,
      `heads missed: ${missed.join(', ')}`,
    ).toBeGreaterThanOrEqual(0.8);
    expect(
      1 - (2 * missedMirrored.length) / f.looks,
      `mirrored heads missed: ${missedMirrored.join(', ')}`,
    ).toBeGreaterThanOrEqual(0.8);
    const asymmetric = [...locations]
      .filter(([, [asShot, mirror]]) => !sameHeadMirrored(asShot, mirror))
      .map(([file]) => file);
    // A server locates photo after photo: not one tensor may stay behind.
    expect(tf.memory().numTensors).toBe(tensors);
    // The probe is read over the photo and its mirror alike, so the mirror's head is the same head,
    // mirrored (59 of 63 when this was written; with one look, 22 of 63).
    expect(
      asymmetric.length,
      `heads found elsewhere in the mirror image: ${asymmetric.join(', ')}`,
    ).toBeLessThanOrEqual(Math.floor(f.looks / 20));
    // At most 1 in 20: a wrong head the locator is sure of gets a hat over its eyes.
    expect(
      f.sureButWrong.length,
      `wrong heads found with confidence: ${f.sureButWrong.join(', ')}`,
    ).toBeLessThanOrEqual(Math.floor(f.looks / 20));
    expect(
      f.oversized.length,
      `heads found in a box far larger than the head: ${f.oversized.join(', ')}`,
    ).toBeLessThanOrEqual(Math.floor(f.looks / 5));
    // Generous: 126 looks take about 80 s on a quiet 2-core machine and over 4 minutes on a busy one.
  }, 900_000);

  it('finds heads and cuts pets out on photographs it never learnt from, as shot and mirrored', async () => {
    // tests/fixtures/photos-held-out: 27 photographs no training or tuning read (22 of them added on
    // 2026-11-27, labelled before any locator saw them). Measured with npm run measure:locator, the
    // probe trained on the learnt sets (photos and photos-npm, 80 photographs): heads found in 81%
    // of the 54 looks (cats 100%, dogs 67%; before photos-npm was learnt from, 76%, 92% and 67%);
    // 2 wrong heads found with confidence (a black dog's close-up, both ways); no box over 3 times
    // the head (4 before); the cut-out's overlap with the traced outlines a median of 0.90 (0.95
    // inside the head's box), under 0.6 on 12 looks (a rabbit in its box, two spaniels, a
    // clownfish, a squirrel on its branch, a dog before a bicycle, a black dog in a dark forest:
    // things the pet touches are cut out with it). The issues ask 90% of heads for cats and dogs
    // each and no cut-out under 0.6: these bounds keep what holds today from slipping while that
    // work goes on.
    const { looks } = await lookedAt(HELD_OUT);
    const f = figures(looks);
    expect(f.looks).toBeGreaterThanOrEqual(54);
    expect(f.found, `heads missed: ${f.missed.join(', ')}`).toBeGreaterThanOrEqual(0.8);
    expect(f.cats, `heads missed: ${f.missed.join(', ')}`).toBeGreaterThanOrEqual(0.95);
    expect(f.dogs, `heads missed: ${f.missed.join(', ')}`).toBeGreaterThanOrEqual(0.65);
    // At most 1 look in 20: a wrong head the locator is sure of gets a hat over its eyes.
    expect(f.sureButWrong.length, f.sureButWrong.join(', ')).toBeLessThanOrEqual(f.looks / 20);
    expect(f.oversized.length, f.oversized.join(', ')).toBeLessThanOrEqual(2);
    expect(f.cut.count).toBe(f.looks);
    expect(f.cut.medianWhole).toBeGreaterThanOrEqual(0.85);
    expect(f.cut.medianHead).toBeGreaterThanOrEqual(0.85);
    expect(f.cut.under.length, `cut-outs under 0.6: ${f.cut.under.join(', ')}`).toBeLessThanOrEqual(
      12,
    );
    // The face (face-measure.ts): each labelled eye and mouth within a quarter of the head's width
    // of the found one, the roll within 15 degrees. Measured: eyes 64% of 94, mouths 38% of 52,
    // rolls 73% of 40 (80% before photos-npm was learnt from; on held-out set 2 rolls went from 93%
    // to 96%); of the 17 faces it was sure of,
    // eyes 68%. The issue asks 80% of eyes, mouths and rolls: these bounds keep what holds today.
    expect(f.face.eyesCount).toBeGreaterThanOrEqual(90);
    expect(f.face.eyes).toBeGreaterThanOrEqual(0.6);
    expect(f.face.mouth).toBeGreaterThanOrEqual(0.35);
    expect(f.face.roll).toBeGreaterThanOrEqual(0.7);
    expect(f.face.sure.eyes).toBeGreaterThanOrEqual(0.6);
  }, 900_000);

  it('answers in pixels of the picture as seen: a phone photo stored sideways with EXIF orientation 6', async () => {
    const photo = (await labelledPhotos()).find((p) => p.file === 'kitten.jpg');
    if (!photo) throw new Error('kitten.jpg is not labelled');
    const upright = await readFile(path.join(PHOTOS, photo.file));
    // Stored turned a quarter to the left, with the tag that tells a viewer to turn it back.
    const sideways = await sharp(await sharp(upright).rotate(-90).toBuffer())
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).width).toBe(450);
    const found = await locatePet(sideways);
    expect({ width: found.width, height: found.height }).toEqual({ width: 800, height: 450 });
    expect(headFound(found.head, photo.head)).toBe(true);
  });

  it('is unsure of a picture with no animal, and its boxes stay inside the picture', async () => {
    const grey = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const found = await locatePet(grey);
    expect(found.confidence).toBeLessThan(LOCATION_TRUSTED);
    for (const box of [found.head, found.body]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(640);
      expect(box.y + box.h).toBeLessThanOrEqual(480);
    }
  });

  it('locates a picture of one pixel without throwing', async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#000000' } })
      .png()
      .toBuffer();
    const found = await locatePet(dot);
    expect({ width: found.width, height: found.height }).toEqual({ width: 1, height: 1 });
  });

  it('rejects bytes that are not a picture', async () => {
    await expect(locatePet(Buffer.from('not a picture at all'))).rejects.toThrow();
  });
});
