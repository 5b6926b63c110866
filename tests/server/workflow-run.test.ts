import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { costumeRun, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

const dataUrl = async (color: string) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

describe('a real costume run through the API', () => {
  it('answers URLs of a real PNG and a real MP4, served by the platform', async () => {
    t = await testApp({ renderCostume: undefined });
    const token = await signIn(t.app);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: userHeaders(token),
      payload: costumeRun(await dataUrl('#c0ffee'), await dataUrl('#552288')),
    });
    expect(reply.statusCode).toBe(200);
    const { image_output, video_output } = reply.json().output[0];

    const image = await t.app.inject(new URL(image_output.image).pathname);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1024, height: 1024 });

    const video = await t.app.inject(new URL(video_output.video).pathname);
    expect(video.headers['content-type']).toBe('video/mp4');
    // ISO BMFF: a box size, then 'ftyp'.
    expect(video.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const onDisk = await readFile(
      path.join(
        t.dir,
        'data',
        'files',
        new URL(video_output.video).pathname.slice('/files/'.length),
      ),
    );
    expect(onDisk.length).toBe(video.rawPayload.length);
    const ranged = await t.app.inject({
      url: new URL(video_output.video).pathname,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
  });
});
