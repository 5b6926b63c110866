// A run's result got again after the connection to it was lost, against the real local platform:
// the client resends the run under its Idempotency-Key, and the platform joins the run still going
// or answers with the stored result, charging it once.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, PlatformClient } from '../../adapters/platform/src/index';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { PNG_BYTES, PNG_DATA_URL, signIn, testApp, userBalance, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(() => {
  // fetch keeps the resumed stream's connection alive, which would hold close() open (as in
  // cli/testing/cli-test-platform.ts).
  t?.app.server.closeAllConnections();
  return t?.close();
});

/** Writes the image at once and the video when the test releases it; counts the renders. */
function gatedRenderer() {
  let release = () => {};
  const video = new Promise<void>((resolve) => (release = resolve));
  const counts = { renders: 0 };
  const render: CostumeRenderer = async ({ outDir, id, onImage }) => {
    counts.renders++;
    await mkdir(outDir, { recursive: true });
    const imageFile = path.join(outDir, `${id}.png`);
    await writeFile(imageFile, PNG_BYTES);
    onImage?.(imageFile);
    await video;
    const videoFile = path.join(outDir, `${id}.mp4`);
    await writeFile(videoFile, Buffer.from('000000186674797069736f6d', 'hex'));
    return { imageFile, videoFile };
  };
  return { render, release, counts };
}

async function platform(render: CostumeRenderer) {
  t = await testApp({ renderCostume: render });
  const token = await signIn(t.app);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const client = new PlatformClient({ baseUrl, accessToken: token, maxRetries: 0 });
  return { client, used: async () => (await userBalance(t!.app, token)).usedCredits };
}

const input = { upload_your_pets_photo: PNG_DATA_URL, upload_costume_character: PNG_DATA_URL };
const outputKeys = (output: unknown[] | undefined) =>
  (output ?? []).flatMap((entry) => Object.keys(entry as object)).sort();

describe('getting a run again by its Idempotency-Key', () => {
  it('a stream left after its image is resumed: the whole result, charged once', async () => {
    const gate = gatedRenderer();
    const { client, used } = await platform(gate.render);
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    const key = stream.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) {
          seen.push(event.type === 'output' ? event.key : event.type);
          if (event.type === 'output') stream.abort(); // the connection is lost after the image
        }
      })(),
    ).rejects.toBeInstanceOf(AbortError);
    expect(seen).toEqual(['run', 'image_output']);

    const again = stream.resume();
    expect(again.idempotencyKey).toBe(key);
    const result = again.finalResult();
    gate.release();
    expect(outputKeys((await result).output)).toEqual(['image_output', 'video_output']);
    // Joined while running, or stopped uncharged and run afresh: either way one charge.
    expect(await used()).toBe(0.5);
  });

  it('a finished run resumed later is answered from the store: same run, no second charge', async () => {
    const gate = gatedRenderer();
    gate.release();
    const { client, used } = await platform(gate.render);
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    const first = await stream.finalResult();
    const replay = await stream.resume().finalResult();
    expect(replay.id).toBe(first.id);
    expect(outputKeys(replay.output)).toEqual(['image_output', 'video_output']);
    expect(gate.counts.renders).toBe(1);
    expect(await used()).toBe(0.5);
  });

  it('run.create gives its key; created again with it, the stored answer comes back', async () => {
    const gate = gatedRenderer();
    gate.release();
    const { client, used } = await platform(gate.render);
    const first = await client.run.create({ model: COSTUME_WORKFLOW_ID, input });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const again = await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input,
      idempotencyKey: first.idempotencyKey,
    });
    expect(again.id).toBe(first.id);
    expect(gate.counts.renders).toBe(1);
    expect(await used()).toBe(0.5);
  });

  it('a streamed run answers run.create with its key after a reload: the same run in the same shape, charged once', async () => {
    const gate = gatedRenderer();
    gate.release();
    const { client, used } = await platform(gate.render);
    expect(await used()).toBe(0);
    const stream = client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    const streamed = await stream.finalResult();
    expect(outputKeys(streamed.output)).toEqual(['image_output', 'video_output']);
    expect(streamed.output).toHaveLength(1);

    const recovered = await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input,
      idempotencyKey: stream.idempotencyKey,
    });
    expect(recovered.id).toBe(streamed.id);
    expect(recovered.output).toEqual(streamed.output);
    // And streamed again with the key (the stored answer, sent whole): the same shape once more.
    expect((await stream.resume().finalResult()).output).toEqual(streamed.output);
    expect(gate.counts.renders).toBe(1);
    expect(await used()).toBe(0.5);
    const [entry] = streamed.output as {
      image_output: { image: string };
      video_output: { video: string };
    }[];
    expect((await fetch(entry!.image_output.image)).status).toBe(200);
    expect((await fetch(entry!.video_output.video)).status).toBe(200);
  });
});
