import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PlatformClient, type WorkflowStreamEvent } from '../../adapters/platform/src/index';
import { PlatformRunner } from '../../adapters/platform-ports/runner';
import { COSTUME_WORKFLOW_ID, NOTICE_TEXT } from '../../domain/model/workflow';
import { streamCostumeWorkflow } from '../../domain/use-cases/costume-run';
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

describe('a costume picture with no character in it (issue 40, item 3)', () => {
  it('the image output says so (notice no_character) in the stream, the answer and the run read by id', async () => {
    t = await testApp({ renderCostume: undefined });
    const token = await signIn(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new PlatformClient({ baseUrl: base, accessToken: token, maxRetries: 0 });
    // A blank picture: nothing stands out of it.
    const input = {
      upload_your_pets_photo: await dataUrl('#c0ffee'),
      upload_costume_character: await dataUrl('#2a6b3c'),
    };
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    const told: WorkflowStreamEvent[] = [];
    for await (const event of stream) told.push(event);
    const image = told.find((event) => event.type === 'output' && event.key === 'image_output');
    expect(image).toMatchObject({ outputType: 'image', notice: 'no_character' });
    const result = await stream.finalResult();
    expect(result.output[0]?.image_output?.notice).toBe('no_character');
    expect(result.output[0]?.video_output?.video).toMatch(/^http/);
    const read = await client.runs.get(stream.runId!);
    expect(read.output).toEqual(result.output);
    // The app's runner reads it as the sentence its result card shows.
    const results = await streamCostumeWorkflow(
      new PlatformRunner(client),
      { pet: input.upload_your_pets_photo, costume: input.upload_costume_character },
      { onImage: () => {} },
    );
    expect(results.imageNote).toBe(NOTICE_TEXT.no_character);
  }, 120_000);
});
