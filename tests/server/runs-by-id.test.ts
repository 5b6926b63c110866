// A run has an id (issue 41, item 1): its owner reads it (GET /v1/runs/:id) while it runs and for
// the retention window after, and cancels it (POST /v1/runs/:id/cancel). A run costs what was
// delivered: nothing before its image went out, the image's share after, the whole once whole; a
// refunded part's files are gone. Another user gets 404. Real sockets on a listening platform.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { gatedRenderer } from '../support/gated-renderer';
import {
  costumeRun,
  eventWhere,
  runEvents,
  signIn,
  userHeaders,
  type RunEvent,
  gatedPlatformPerTest,
} from './helpers';

const gatedPlatform = gatedPlatformPerTest(gatedRenderer);

async function listening() {
  const { app, token, base, gate } = await gatedPlatform();
  const headers = userHeaders(token);
  const used = async () =>
    (await (await fetch(`${base}/v1/subscriptions/usage`, { headers })).json()).credits.userBalance
      .usedCredits as number;
  /** A streamed costume run's events. */
  const stream = async (signal?: AbortSignal) =>
    runEvents(
      await fetch(`${base}/v1/run`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ ...costumeRun(), stream: true }),
        signal,
      }),
    );
  const byId = (id: string, as = headers) => fetch(`${base}/v1/runs/${id}`, { headers: as });
  const cancel = (id: string, as = headers) =>
    fetch(`${base}/v1/runs/${id}/cancel`, { method: 'POST', headers: as });
  const folder = (id: string) => path.join(app.platform.filesDir, id);
  return { app, gate, used, stream, byId, cancel, folder, base };
}

const hasImage = (event: RunEvent) => Boolean(event.output?.[0]?.image_output);
/** The events left to the end: the last is the answer's rest or its error frame. */
async function rest(events: AsyncGenerator<RunEvent, void, undefined>): Promise<RunEvent[]> {
  const left: RunEvent[] = [];
  for await (const event of events) left.push(event);
  return left;
}

describe('a costume run by id', () => {
  it('its owner reads it running with its image ($0.20 so far), then succeeded with both ($0.50); another user gets 404', async () => {
    const { app, gate, used, stream, byId, cancel, base } = await listening();
    expect(await used()).toBe(0);
    gate.releaseImage();
    const events = await stream();
    const { id, output } = await eventWhere(events, hasImage);
    const image = output![0]!.image_output!.image;

    expect(await (await byId(id!)).json()).toEqual({
      id,
      model: COSTUME_WORKFLOW_ID,
      status: 'running',
      output: [{ image_output: { image, outputType: 'image' } }],
      usage: { cost: 0.2 },
    });
    const stranger = userHeaders(await signIn(app, 'stranger@example.com'));
    expect((await byId(id!, stranger)).status).toBe(404);
    expect((await cancel(id!, stranger)).status).toBe(404);
    expect((await byId('no-such-run')).status).toBe(404);

    gate.releaseVideo();
    const [last] = await rest(events);
    const video = last!.output![0]!.video_output!.video;
    expect(await (await byId(id!)).json()).toEqual({
      id,
      model: COSTUME_WORKFLOW_ID,
      status: 'succeeded',
      output: [
        {
          image_output: { image, outputType: 'image' },
          video_output: { video, outputType: 'video' },
        },
      ],
      usage: { cost: 0.5 },
    });
    expect(await used()).toBe(0.5);
    expect((await fetch(image)).status).toBe(200);
    expect((await fetch(video)).status).toBe(200);
    // The file names are secret: the run's id and the image's name give nothing of the video's.
    expect(video.startsWith(`${base}/files/${id}/`)).toBe(true);
    expect(path.basename(video, '.mp4')).not.toBe(path.basename(image, '.png'));
    expect(path.basename(video, '.mp4')).not.toBe(id);
  });

  it('cancelled before anything was delivered costs nothing, and its files are gone', async () => {
    const { gate, used, stream, byId, cancel, folder } = await listening();
    const events = await stream();
    // The stream opens with the run's id, before its image exists.
    const started = await eventWhere(events, (event) => Boolean(event.id));
    expect(started.output).toEqual([]);
    expect(await used()).toBe(0.5);

    const cancelled = await cancel(started.id!);
    expect(await cancelled.json()).toEqual({
      id: started.id,
      model: COSTUME_WORKFLOW_ID,
      status: 'cancelled',
      output: [],
      usage: { cost: 0 },
    });
    expect(await used()).toBe(0);

    gate.releaseImage();
    gate.releaseVideo();
    const [last] = await rest(events);
    expect(last!.error).toMatchObject({ code: 'RUN_ABANDONED', context: { charged: false } });
    expect(existsSync(folder(started.id!))).toBe(false);
    expect(await used()).toBe(0);
    expect((await (await byId(started.id!)).json()).status).toBe('cancelled');
    // Cancelling again changes nothing.
    expect((await (await cancel(started.id!)).json()).usage).toEqual({ cost: 0 });
    expect(await used()).toBe(0);
  });

  it('cancelled after its image: the image charged ($0.20) and served, the video refunded and never served', async () => {
    const { gate, used, stream, cancel, folder } = await listening();
    gate.releaseImage();
    const events = await stream();
    const { id, output } = await eventWhere(events, hasImage);
    const image = output![0]!.image_output!.image;

    const cancelled = await (await cancel(id!)).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', usage: { cost: 0.2 } });
    expect(cancelled.output).toEqual([{ image_output: { image, outputType: 'image' } }]);
    expect(await used()).toBe(0.2);

    gate.releaseVideo();
    const [last] = await rest(events);
    expect(last!.error).toMatchObject({ code: 'RUN_ABANDONED', context: { charged: 0.2 } });
    expect(readdirSync(folder(id!))).toEqual([path.basename(image)]);
    expect((await fetch(image)).status).toBe(200);
    expect(await used()).toBe(0.2);
  });

  it('its caller gone after the image (a reload) and read by id meanwhile: it finishes, $0.50 once, both files served (issue 41, item 3)', async () => {
    const { gate, used, stream, byId } = await listening();
    gate.releaseImage();
    const caller = new AbortController();
    const { id } = await eventWhere(await stream(caller.signal), hasImage);
    caller.abort();
    // The page that came back follows the run by its id while the video is made.
    expect((await (await byId(id!)).json()).status).toBe('running');
    gate.releaseVideo();
    await expect.poll(async () => (await (await byId(id!)).json()).status).toBe('succeeded');
    const read = await (await byId(id!)).json();
    expect(read.usage).toEqual({ cost: 0.5 });
    expect(await used()).toBe(0.5);
    const { image_output, video_output } = read.output[0];
    expect((await fetch(image_output.image)).status).toBe(200);
    expect((await fetch(video_output.video)).status).toBe(200);
  });
});
