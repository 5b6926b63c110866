import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandOnScreen, batPoses, paintBats, planBehindBats, type PortraitBox } from './bats';
import { foldsOf } from './cloth';
import { FFMPEG_PATH } from './ffmpeg';
import { drawFog, prepareFog } from './fog';
import { drawGlows, flashAt, levelAt, lightsOf, prepareGlows } from './lights';
import type { PetLocation } from './locate/pet-location';
import { composePortrait, posesOf, type Portrait } from './portrait';
import { cameraAt, PORTRAIT_SIZE } from './scene';
import { COSTUME_SCENERY } from './scenery';
import { seededRandom } from './seeded-random';
import { DEFAULT_VIDEO, encodeVideo, frameRenderer, type VideoOptions } from './video';
import { viewOf } from './view';
import { PET_HEADS, wearableSvg } from './wearables';

// Issue 40, item 4: in the video the pet is alive (its head tilts and nods with what it wears, a
// cloak flutters) and so is the scene (fog drifts, lights flicker, bats pass behind the pet and in
// front of it), in a seamless loop.

const read = (file: string) => readFile(path.join('ui/public/presets', file));
const preset = async (pet: string, costume: string) =>
  composePortrait(await read(`pets/${pet}.png`), await read(`costumes/${costume}.png`), {
    pet,
    costume,
  });

/** The video's frame t of the still scene (no life drawn): the camera's crop of `picture`. */
async function stillFrame(picture: Buffer, t: number, size: number): Promise<Buffer> {
  const camera = cameraAt(t);
  return sharp(picture, { raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 } })
    .extract({ left: camera.left, top: camera.top, width: camera.crop, height: camera.crop })
    .resize(size, size, { kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** Mean absolute difference of two raw RGB frames over a box of frame pixels. */
function difference(
  a: Buffer,
  b: Buffer,
  size: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): number {
  let [sum, count] = [0, 0];
  for (let y = Math.max(0, Math.round(box.y0)); y < Math.min(size, box.y1); y++)
    for (let x = Math.max(0, Math.round(box.x0)); x < Math.min(size, box.x1); x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * size + x) * 3 + c;
        sum += Math.abs(a[i]! - b[i]!);
        count++;
      }
  return count ? sum / count : 0;
}

/** A box of the portrait where frame t shows it, in frame pixels. */
function onScreen(box: PortraitBox, t: number, size: number): PortraitBox {
  const view = viewOf(cameraAt(t), size);
  return {
    x0: view.toScreenX(box.x0),
    y0: view.toScreenY(box.y0),
    x1: view.toScreenX(box.x1),
    y1: view.toScreenY(box.y1),
  };
}

/**
 * A bound for a hang, not a timing: these tests compose whole portraits and render or encode every
 * frame, which on a loaded 2-core machine outlasts the default 2 minutes.
 */
const HANG_BOUND = 600_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-life-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every frame of an encoded clip, decoded by ffmpeg to raw RGB. */
async function decodedFrames(file: string, size: number): Promise<Buffer[]> {
  const { stdout } = await promisify(execFile)(
    FFMPEG_PATH,
    ['-loglevel', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const frame = size * size * 3;
  return Array.from({ length: Math.floor(stdout.length / frame) }, (_, k) =>
    stdout.subarray(k * frame, (k + 1) * frame),
  );
}

describe('the pet is alive in the video', () => {
  it(
    'its head moves in the encoded clip, a photo’s pet in its disc as well',
    async () => {
      const photo = await readFile('tests/fixtures/photos/kitten.jpg');
      const { width = 1, height = 1 } = await sharp(photo).metadata();
      // A sure head and no cut-out: the kitten sits in its disc.
      const where: PetLocation = {
        width,
        height,
        head: { x: width * 0.3, y: height * 0.2, w: width * 0.4, h: height * 0.45 },
        body: { x: width * 0.2, y: height * 0.55, w: width * 0.6, h: height * 0.45 },
        facing: 'front',
        confidence: 0.9,
        method: 'test',
      };
      const portrait = await composePortrait(
        photo,
        await read('costumes/witch.png'),
        { costume: 'witch' },
        { locate: async () => where },
      );
      expect(portrait.placement?.frame).toBe('disc');
      const options: VideoOptions = { ...DEFAULT_VIDEO, size: 360 };
      const file = path.join(dir, 'disc.mp4');
      await encodeVideo(portrait, file, options);
      const frames = await decodedFrames(file, options.size);
      expect(frames).toHaveLength(96);
      // The face: the head's box below the hat's brim. Against the still picture under the same
      // camera, only the head's own motion (and the encoder's noise) differs there.
      const { head } = portrait;
      const face = { ...head, y0: head.y0 + 0.35 * (head.y1 - head.y0) };
      const moved = await Promise.all(
        [0, 6, 18, 30].map(async (k) => {
          const t = k / 96;
          const still = await stillFrame(portrait.base, t, options.size);
          return difference(frames[k]!, still, options.size, onScreen(face, t, options.size));
        }),
      );
      // Frame 0 is the head at rest (the encoder's noise alone, about 4 levels on the photo's fur);
      // a quarter sway later the face has tilted and risen (a still head: no more than the noise).
      expect(moved[0]).toBeLessThan(6);
      expect(Math.max(...moved.slice(1))).toBeGreaterThan(moved[0]! + 6);
    },
    HANG_BOUND,
  );

  it(
    'a cloak worn over a standing pet flutters, beyond where the head’s turn reaches',
    async () => {
      const portrait = await preset('cat1', 'vampire');
      const { sway } = portrait;
      if (!sway?.cloth || !sway.head)
        throw new Error('a staged vampire wears a cloak that flutters');
      const poses = await posesOf(portrait);
      const head = sway.head;
      const folds = foldsOf(sway.cloth);
      /** How much the cloak differs from rest in pose k, far from the head. */
      const change = (k: number) => {
        let [sum, count] = [0, 0];
        for (let n = 0; n < folds.at.length; n++) {
          const i = folds.at[n]!;
          const [x, y] = [i % PORTRAIT_SIZE, Math.floor(i / PORTRAIT_SIZE)];
          if (Math.hypot(x - head.x, y - head.y) < 1.7 * head.r) continue;
          for (let c = 0; c < 3; c++)
            sum += Math.abs(poses[k]![i * 3 + c]! - poses[0]![i * 3 + c]!);
          count++;
        }
        return sum / count;
      };
      expect(folds.at.length).toBeGreaterThan(10_000);
      expect(change(2)).toBeGreaterThan(0.5);
      expect(change(3)).toBeGreaterThan(0.5);
    },
    HANG_BOUND,
  );

  it('capes and wings swing with the flutter while hats and masks stay on the head', () => {
    const head = PET_HEADS.cat1!;
    const rest = { tilt: 0, lift: 0 };
    const swung = { tilt: 0, lift: 0, flutter: 8 };
    for (const costume of ['vampire', 'dragon', 'superhero'])
      expect(wearableSvg(costume, head, 300, swung, ['body'])).not.toBe(
        wearableSvg(costume, head, 300, rest, ['body']),
      );
    for (const costume of ['witch', 'superhero'])
      expect(wearableSvg(costume, head, 300, swung, ['above', 'face'])).toBe(
        wearableSvg(costume, head, 300, rest, ['above', 'face']),
      );
  });
});

describe('the scene lives in the video', () => {
  it('fog drifts over the ground below the head and comes round to where it began', () => {
    const size = 720;
    const fog = prepareFog(size, 400, { r: 120, g: 60, b: 160 });
    if (!fog) throw new Error('a head high in the frame leaves room for fog');
    const at = (t: number) => {
      const frame = Buffer.alloc(size * size * 3, 30);
      drawFog(frame, fog, t);
      return frame;
    };
    const band = { x0: 0, y0: fog.top, x1: size, y1: size };
    const sky = { x0: 0, y0: 0, x1: size, y1: fog.top };
    expect(fog.top).toBeGreaterThanOrEqual(400);
    expect(difference(at(0.1), Buffer.alloc(size * size * 3, 30), size, band)).toBeGreaterThan(5);
    expect(difference(at(0.1), at(0.35), size, band)).toBeGreaterThan(2);
    expect(difference(at(0.1), at(0.35), size, sky)).toBe(0);
    expect(at(1).equals(at(0))).toBe(true);
    // A head near the bottom of the frame leaves no room for fog under it.
    expect(prepareFog(size, size - 20, { r: 0, g: 0, b: 0 })).toBeUndefined();
  });

  it('every place’s lights flicker, the lab’s sky flashes, all in whole cycles', () => {
    for (const scenery of new Set(Object.values(COSTUME_SCENERY)))
      for (const light of lightsOf(scenery, false)) {
        const levels = Array.from({ length: 96 }, (_, k) => levelAt(light, k / 96));
        expect(
          Math.max(...levels) - Math.min(...levels),
          `${scenery} ${light.kind}`,
        ).toBeGreaterThan(0.2);
        expect(levelAt(light, 1)).toBeCloseTo(levelAt(light, 0), 6);
      }
    const flashes = Array.from({ length: 96 }, (_, k) => flashAt(k / 96));
    expect(Math.max(...flashes)).toBe(1);
    expect(flashes.filter((level) => level === 0).length).toBeGreaterThan(70);
    expect(flashAt(1)).toBe(flashAt(0));
    expect(lightsOf('castle', false).length).toBeGreaterThan(lightsOf('graveyard', false).length);
  });

  it('a light behind the pet is hidden by it', () => {
    const size = 360;
    const view = viewOf(cameraAt(0), size);
    const glows = prepareGlows(lightsOf('castle', false), size / PORTRAIT_SIZE);
    const dark = Buffer.alloc(size * size * 3, 20);
    for (let k = 0; k < 96; k += 8) {
      const lit = Buffer.from(dark);
      drawGlows(lit, view, glows, k / 96, () => 0);
      const hidden = Buffer.from(dark);
      drawGlows(hidden, view, glows, k / 96, () => 1);
      expect(lit.equals(dark)).toBe(false);
      expect(hidden.equals(dark)).toBe(true);
    }
  });

  it(
    'bats pass behind the pet, hidden where it stands, and none crosses its face',
    async () => {
      const portrait = await preset('dog1', 'frankenstein');
      // The rows the face covers in some frame: no bat's flight reaches them.
      const face = bandOnScreen(portrait.head);
      for (let seed = 1; seed <= 20; seed++) {
        const behind = planBehindBats(seededRandom(seed), 3, portrait.head);
        expect(behind.length).toBeGreaterThan(0);
        for (let k = 0; k < 96; k++)
          for (const bat of batPoses([...portrait.bats, ...behind], k / 96))
            expect(bat.y > face.y1 || bat.y + bat.size * 0.72 < face.y0).toBe(true);
      }
      // Where the pet stands, a bat behind it leaves the frame as it was.
      const sprites = new Map([
        ['50:0', { data: Buffer.alloc(50 * 36 * 4, 255), width: 50, height: 36 }],
      ]);
      const pose = [{ x: 10, y: 10, size: 50, pose: 0 }];
      const frame = () => Buffer.alloc(100 * 100 * 3, 40);
      const hiddenBat = frame();
      paintBats(hiddenBat, pose, sprites, 1, 100, () => 1);
      const seenBat = frame();
      paintBats(seenBat, pose, sprites, 1, 100, () => 0);
      expect(hiddenBat.equals(frame())).toBe(true);
      expect(seenBat.equals(frame())).toBe(false);
    },
    HANG_BOUND,
  );

  it(
    'the frames carry the fog, the flicker and the bats, and the last frame leads into the first',
    async () => {
      const portrait: Portrait = await preset('dog1', 'frankenstein');
      const options: VideoOptions = { ...DEFAULT_VIDEO, size: 360 };
      const { count, render } = await frameRenderer(portrait, options);
      const poses = await posesOf(portrait);
      /** What the frame adds to the still pose under the same camera. */
      const life = async (k: number) => {
        const t = k / count;
        const frame = (await render(k)).data;
        const pose = poses[Math.floor(((2 * t) % 1) * poses.length)]!;
        const still = await stillFrame(pose, t, options.size);
        return { frame, still };
      };
      const [a, b, flash] = await Promise.all([life(10), life(40), life(29)]);
      const size = options.size;
      const ground = { x0: 0, y0: size * 0.85, x1: size, y1: size };
      const sky = { x0: 0, y0: 0, x1: size, y1: size * 0.3 };
      // Fog over the ground, moving between the two frames.
      expect(difference(a.frame, a.still, size, ground)).toBeGreaterThan(4);
      const drift = Buffer.from(a.frame.map((v, i) => Math.abs(v - a.still[i]!)));
      const drift2 = Buffer.from(b.frame.map((v, i) => Math.abs(v - b.still[i]!)));
      expect(difference(drift, drift2, size, ground)).toBeGreaterThan(1);
      // The lab's lightning lights the sky.
      expect(difference(flash.frame, flash.still, size, sky)).toBeGreaterThan(
        difference(a.frame, a.still, size, sky) + 20,
      );
      // The loop's seam: the frame after the last is the first.
      const [first, again] = [(await render(0)).data, (await render(count)).data];
      expect(difference(first, again, size, { x0: 0, y0: 0, x1: size, y1: size })).toBeLessThan(
        0.01,
      );
    },
    HANG_BOUND,
  );
});
