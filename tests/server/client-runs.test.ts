// The client's runs by id against the real local platform (issue 41, item 1; issue 42, "streamed
// runs are free"): the client README's `break` after the image pays for the image alone and the
// video is never served; `runs.cancel(stream.runId)` before anything was delivered costs nothing.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlatformClient, type PlatformError } from '../../adapters/platform/src/index';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { gatedRenderer } from '../support/gated-renderer';
import { PNG_DATA_URL, userBalance, gatedPlatformPerTest } from './helpers';

const gatedPlatform = gatedPlatformPerTest(gatedRenderer);

async function platform() {
  const { app, token, base, gate } = await gatedPlatform();
  const client = new PlatformClient({ baseUrl: base, accessToken: token, maxRetries: 0 });
  const used = async () => (await userBalance(app, token)).usedCredits;
  const folder = (id: string) => path.join(app.platform.filesDir, id);
  return { client, used, gate, folder };
}

const input = { upload_your_pets_photo: PNG_DATA_URL, upload_costume_character: PNG_DATA_URL };

describe('runs by id through the client', () => {
  it('a loop left after the image pays the image ($0.20), keeps it served, and never serves the video', async () => {
    const { client, used, gate, folder } = await platform();
    expect(await used()).toBe(0);
    gate.releaseImage();
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    let image = '';
    for await (const event of stream) {
      if (event.type === 'output' && event.key === 'image_output') {
        image = event.url;
        break;
      }
    }
    const id = stream.runId!;
    gate.releaseVideo();
    // Read by id only once it settled: a read keeps a run its callers left wanted (an app that
    // reloaded follows its run so), and then it would finish and be charged whole.
    await expect.poll(used).toBe(0.2);
    expect(await client.runs.get(id)).toEqual({
      id,
      model: COSTUME_WORKFLOW_ID,
      status: 'cancelled',
      output: [{ image_output: { image, outputType: 'image' } }],
      usage: { cost: 0.2 },
    });
    expect(await used()).toBe(0.2);
    expect((await fetch(image)).status).toBe(200);
    expect(readdirSync(folder(id))).toEqual([path.basename(image)]);
  });

  it('runs.cancel before anything was delivered costs nothing; the loop ends with RUN_ABANDONED', async () => {
    const { client, used, gate, folder } = await platform();
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    const loop = (async () => {
      for await (const event of stream) if (event.type === 'output') return event;
      return undefined;
    })().catch((error: unknown) => error as PlatformError);
    await expect.poll(() => stream.runId).toBeDefined();
    expect(await used()).toBe(0.5);

    const cancelled = await client.runs.cancel(stream.runId!);
    expect(cancelled).toMatchObject({ status: 'cancelled', output: [], usage: { cost: 0 } });
    expect(await used()).toBe(0);
    gate.releaseImage();
    gate.releaseVideo();
    expect(await loop).toMatchObject({ code: 'RUN_ABANDONED', context: { charged: false } });
    expect(existsSync(folder(stream.runId!))).toBe(false);
    expect(await used()).toBe(0);
    await expect(client.runs.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a workflow streamed as text (streamText) names its run too, before anything is delivered', async () => {
    const { client, gate } = await platform();
    const stream = client.run.streamText({ model: COSTUME_WORKFLOW_ID, input });
    const pieces = stream[Symbol.asyncIterator]();
    await pieces.next();
    expect(stream.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.runs.cancel(stream.runId!)).usage).toEqual({ cost: 0 });
    gate.releaseImage();
    gate.releaseVideo();
    await pieces.return();
  });
});
