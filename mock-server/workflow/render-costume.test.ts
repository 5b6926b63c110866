import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG_PATH } from './ffmpeg';
import { probeMp4 } from './probe-mp4';
import { DEFAULT_VIDEO } from './video';
import { renderCostume, renderCostumeImage, renderCostumeVideo } from './render-costume';
import { character, photo } from './test-images';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SMALL_VIDEO = { size: 128, seconds: 1, fps: 12 };

let outDir: string;
let pet: Buffer;
let costume: Buffer;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'costume-'));
  [pet, costume] = await Promise.all([photo('#2a6f97', '#f4a261'), character('#7b2cbf')]);
});

afterAll(() => rm(outDir, { recursive: true, force: true }));

async function channelMeans(file: string): Promise<number[]> {
  const stats = await sharp(file).stats();
  return stats.channels.slice(0, 3).map((channel) => channel.mean);
}

describe('renderCostume', () => {
  it('writes a 1024x1024 PNG and a ~4 s H.264 yuv420p faststart MP4, image first', async () => {
    let videoExistedAtImage: boolean | undefined;
    const result = await renderCostume({
      pet,
      costume,
      outDir,
      id: 'full',
      onImage: (imageFile) => {
        expect(existsSync(imageFile)).toBe(true);
        videoExistedAtImage = existsSync(path.join(outDir, 'full.mp4'));
      },
    });
    expect(result).toEqual({
      imageFile: path.join(outDir, 'full.png'),
      videoFile: path.join(outDir, 'full.mp4'),
    });
    expect(videoExistedAtImage).toBe(false);

    const png = await readFile(result.imageFile);
    expect(png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });

    const mp4 = await readFile(result.videoFile);
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    const info = probeMp4(mp4);
    expect(info).toMatchObject({ codec: 'avc1', width: DEFAULT_VIDEO.size, fastStart: true });
    // "HD quality", as the landing page says: at least 720x720.
    expect(info.width).toBeGreaterThanOrEqual(720);
    expect(info.durationSeconds).toBeGreaterThan(3.8);
    expect(info.durationSeconds).toBeLessThan(4.2);

    // ffprobe is not shipped: ffmpeg's own description of the stream is the second opinion.
    const stderr = await promisify(execFile)(FFMPEG_PATH, ['-hide_banner', '-i', result.videoFile])
      .then(() => '')
      .catch((error: { stderr?: string }) => error.stderr ?? '');
    expect(stderr).toMatch(/Video: h264 \(High\)/);
    expect(stderr).toMatch(/yuv420p/);
    expect(stderr).toMatch(/Duration: 00:00:0[34]/);
  });

  it('gives visibly different pictures for different inputs, and the same for the same', async () => {
    const [otherPet, otherCostume] = await Promise.all([
      photo('#e9c46a', '#264653'),
      character('#2a9d8f'),
    ]);
    const runs = await Promise.all([
      renderCostumeImage({ pet, costume, outDir, id: 'same-a' }),
      renderCostumeImage({ pet, costume, outDir, id: 'same-b' }),
      renderCostumeImage({ pet: otherPet, costume, outDir, id: 'other-pet' }),
      renderCostumeImage({ pet, costume: otherCostume, outDir, id: 'other-costume' }),
    ]);
    const [a, b, byPet, byCostume] = await Promise.all(
      runs.map(({ imageFile }) => readFile(imageFile)),
    );
    expect(a?.equals(b as Buffer)).toBe(true);
    const [base, petMeans, costumeMeans] = await Promise.all(
      [runs[0], runs[2], runs[3]].map((run) => channelMeans(run?.imageFile ?? '')),
    );
    const distance = (x: number[] = [], y: number[] = []) =>
      Math.max(...x.map((value, i) => Math.abs(value - (y[i] ?? 0))));
    expect(distance(base, petMeans)).toBeGreaterThan(4);
    expect(distance(base, costumeMeans)).toBeGreaterThan(4);
    expect(byPet?.equals(a as Buffer)).toBe(false);
    expect(byCostume?.equals(a as Buffer)).toBe(false);
  });

  it('stops the encoder on abort and leaves no partial video', async () => {
    const { portrait } = await renderCostumeImage({ pet, costume, outDir, id: 'aborted' });
    const controller = new AbortController();
    const video = renderCostumeVideo({
      portrait,
      outDir,
      id: 'aborted',
      signal: controller.signal,
      video: { seconds: 30 },
    });
    setTimeout(() => controller.abort(), 300);
    await expect(video).rejects.toMatchObject({ name: 'AbortError' });
    const left = await readdir(outDir);
    expect(left.filter((file) => file.startsWith('aborted.mp4'))).toEqual([]);
  });

  it('honours smaller video settings (used for web-sized media)', async () => {
    const { portrait } = await renderCostumeImage({ pet, costume, outDir, id: 'small' });
    const { videoFile } = await renderCostumeVideo({
      portrait,
      outDir,
      id: 'small',
      video: SMALL_VIDEO,
    });
    const info = probeMp4(await readFile(videoFile));
    expect(info).toMatchObject({ codec: 'avc1', width: 128, height: 128 });
    expect(info.durationSeconds).toBeCloseTo(1, 1);
  });

  it('refuses output ids that could escape the output directory', async () => {
    await expect(renderCostumeImage({ pet, costume, outDir, id: '../evil' })).rejects.toThrow(
      /Invalid output id/,
    );
  });
});
