import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../adapters/platform/src/index';
import { PlatformRunner } from '../../adapters/platform-ports';
import { streamCostumeWorkflow } from '../../domain/use-cases/costume-run';
import type { AppOptions } from '../../mock-server/config';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { WorkflowQueueFullError } from '../../mock-server/workflow/index';
import {
  costumeRun,
  expectErrorShape,
  PNG_BYTES,
  PNG_DATA_URL,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** A renderer that writes the image, reports it, then holds the video until the test says so. */
function gatedRenderer() {
  let release: (videoFails?: boolean) => void = () => {};
  const video = new Promise<boolean>((resolve) => (release = (fails = false) => resolve(fails)));
  let videoWritten = false;
  const render: CostumeRenderer = async ({ outDir, id, onImage }) => {
    await mkdir(outDir, { recursive: true });
    const imageFile = path.join(outDir, `${id}.png`);
    await writeFile(imageFile, PNG_BYTES);
    onImage?.(imageFile);
    if (await video) throw new Error('ffmpeg exited with code 1');
    const videoFile = path.join(outDir, `${id}.mp4`);
    await writeFile(videoFile, Buffer.from('000000186674797069736f6d', 'hex'));
    videoWritten = true;
    return { imageFile, videoFile };
  };
  return { render, release, videoWritten: () => videoWritten };
}

async function listening(render: CostumeRenderer, options: Partial<AppOptions> = {}) {
  t = await testApp({ renderCostume: render, ...options });
  const token = await signIn(t.app);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { base, token };
}

const balance = async (base: string, token: string) =>
  (await (await fetch(`${base}/v1/subscriptions/usage`, { headers: userHeaders(token) })).json())
    .credits.userBalance.usedCredits as number;

describe('POST /v1/run streamed: the costume image before the video', () => {
  it('hands the image to the client while the video is still encoding, then the video', async () => {
    const gate = gatedRenderer();
    const { base, token } = await listening(gate.render);
    const runner = new PlatformRunner(new PlatformClient({ baseUrl: base, accessToken: token }));

    let imageSeen: { url: string; videoWritten: boolean } | undefined;
    const results = await streamCostumeWorkflow(
      runner,
      { pet: PNG_DATA_URL, costume: PNG_DATA_URL },
      {
        onImage: (url) => {
          imageSeen = { url, videoWritten: gate.videoWritten() };
          gate.release();
        },
      },
    );

    expect(imageSeen).toEqual({
      url: expect.stringMatching(/\/files\/.+\.png$/),
      videoWritten: false,
    });
    expect(results.imageUrl).toBe(imageSeen?.url);
    expect(results.videoUrl).toMatch(/\/files\/.+\.mp4$/);
    expect(await balance(base, token)).toBe(0.5);
  });

  it('sends the image event, then the rest of the answer with usage, then [DONE]', async () => {
    const gate = gatedRenderer();
    const { base, token } = await listening(gate.render);
    const reply = await fetch(`${base}/v1/run`, {
      method: 'POST',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...costumeRun(), stream: true }),
    });
    expect(reply.headers.get('content-type')).toContain('text/event-stream');
    const reader = reply.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const image = JSON.parse(JSON.parse(first.trim().slice(6)).content);
    expect(image.output).toEqual([
      { image_output: { image: expect.stringMatching(/\.png$/), outputType: 'image' } },
    ]);
    gate.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    const events = rest.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const last = JSON.parse(JSON.parse(events[0]!.slice(6)).content);
    expect(last).toMatchObject({
      id: image.id,
      output: [{ video_output: { video: expect.stringMatching(/\.mp4$/), outputType: 'video' } }],
      usage: { cost: 0.5 },
    });
  });

  // A run waiting in the workflow's queue or rendering sends nothing for a while: on a busy
  // platform over a minute, and the app said "Reconnecting..." for a run that was fine.
  it("keeps a quiet run alive past the client's idle watchdog with comment lines", async () => {
    const gate = gatedRenderer();
    const { base, token } = await listening(gate.render, { streamHeartbeatMs: 50 });
    const idle = 1_000;
    const client = new PlatformClient({
      baseUrl: base,
      accessToken: token,
      streamIdleTimeout: idle,
    });
    const results = await streamCostumeWorkflow(
      new PlatformRunner(client),
      { pet: PNG_DATA_URL, costume: PNG_DATA_URL },
      {
        onImage: () => {
          // The video is held well past the watchdog: the stream says nothing but comments meanwhile.
          setTimeout(() => gate.release(), 2.5 * idle);
        },
      },
    );
    expect(results.videoUrl).toMatch(/\.mp4$/);
    expect(await balance(base, token)).toBe(0.5);
  });

  it('a video failure after the image is an error frame; only the image is charged', async () => {
    const gate = gatedRenderer();
    const { base, token } = await listening(gate.render);
    const runner = new PlatformRunner(new PlatformClient({ baseUrl: base, accessToken: token }));
    let image = '';
    const run = streamCostumeWorkflow(
      runner,
      { pet: PNG_DATA_URL, costume: PNG_DATA_URL },
      {
        onImage: (url) => {
          image = url;
          gate.release(true);
        },
      },
    );
    // The port speaks the domain's codes; the platform's own code stays on the cause.
    await expect(run).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      cause: expect.objectContaining({ code: 'WORKFLOW_FAILED' }),
    });
    expect(image).toMatch(/\.png$/);
    expect(await balance(base, token)).toBe(0.2);
  });

  it('a refusal before the run keeps its HTTP status: busy is 503 with Retry-After', async () => {
    t = await testApp({
      renderCostume: async () => {
        throw new WorkflowQueueFullError(8);
      },
    });
    const token = await signIn(t.app);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: { ...userHeaders(token), accept: 'text/event-stream' },
      payload: { ...costumeRun(), stream: true },
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('2');
    expectErrorShape(reply, 'SERVICE_UNAVAILABLE');
  });
});
