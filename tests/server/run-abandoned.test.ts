// Cancelling must not cost money (issue 33), and a lost network mid-run recovers with one charge
// (issue 31): a run whose caller's connection closed before its answer was delivered is stopped,
// charged only what was delivered (issue 42: the streamed image's share, never the video), its
// undelivered files removed; the same Idempotency-Key then runs it afresh; a key whose run was
// delivered replays the stored answer without a charge. Real sockets on a listening platform, so
// the closing connection is the one a phone going offline closes.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../adapters/platform/src/api';
import { gatedRenderer } from '../support/gated-renderer';
import {
  costumeRun,
  eventWhere,
  userBalance,
  runEvents,
  signIn,
  userHeaders,
  gatedPlatformPerTest,
} from './helpers';

const gatedPlatform = gatedPlatformPerTest(gatedRenderer);

async function listening(logger?: { level: string; stream: Writable }) {
  const { app, token, base, gate } = await gatedPlatform(logger ? { logger } : {});
  const used = async () =>
    (await (await fetch(`${base}/v1/subscriptions/usage`, { headers: userHeaders(token) })).json())
      .credits.userBalance.usedCredits as number;
  /** Sends the costume run with a key; `stream` asks for the streamed answer. */
  const send = (key: string, options: { stream?: boolean; signal?: AbortSignal } = {}) =>
    fetch(`${base}/v1/run`, {
      method: 'POST',
      headers: {
        ...userHeaders(token),
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: key,
        ...(options.stream ? { accept: 'text/event-stream' } : {}),
      },
      body: JSON.stringify({ ...costumeRun(), ...(options.stream ? { stream: true } : {}) }),
      signal: options.signal,
    });
  const files = () => readdirSync(app.platform.filesDir);
  return { app, gate, used, send, base, token, files };
}

const release = (gate: ReturnType<typeof gatedRenderer>) => {
  gate.releaseImage();
  gate.releaseVideo();
};

describe('a run whose caller went away before delivery', () => {
  it('is not charged and its files are gone; the same key then runs afresh, charged once, and replays without a charge', async () => {
    const { gate, used, send, files } = await listening();
    const caller = new AbortController();
    const first = send('lost-1', { signal: caller.signal }).catch(() => undefined);
    await expect.poll(() => gate.started()).toBe(1);
    // Credits are held while it renders.
    expect(await used()).toBe(0.5);
    caller.abort();
    await first;
    release(gate);
    await expect.poll(used).toBe(0);
    // Nothing was delivered: nothing of it is left to serve.
    expect(files()).toEqual([]);

    release(gate);
    const again = await send('lost-1');
    expect(again.status).toBe(200);
    const answer = await again.json();
    expect(answer.output[0]).toHaveProperty('video_output');
    expect(gate.started()).toBe(2);
    expect(await used()).toBe(0.5);

    // Delivered now: the key replays the stored answer, nothing rendered or charged again.
    const replay = await send('lost-1');
    expect(await replay.json()).toEqual(answer);
    expect(gate.started()).toBe(2);
    expect(await used()).toBe(0.5);
  });

  it('streamed: hung up after the image event, the image is charged ($0.20) and kept, the video refunded and never served', async () => {
    const { app, gate, used, send, base, token, files } = await listening();
    expect(await used()).toBe(0);
    const caller = new AbortController();
    const pending = send('lost-2', { stream: true, signal: caller.signal });
    gate.releaseImage();
    const first = await eventWhere(runEvents(await pending), (event) =>
      Boolean(event.output?.[0]?.image_output),
    );
    const image = first.output![0]!.image_output!.image;
    caller.abort();
    gate.releaseVideo();
    await expect.poll(used).toBe(0.2);

    // The image stays served; the video is gone, and not at the image's name either (issue 42).
    expect((await fetch(image)).status).toBe(200);
    expect((await fetch(image.replace(/\.png$/, '.mp4'))).status).toBe(404);
    expect(readdirSync(path.join(app.platform.filesDir, first.id!))).toEqual([
      path.basename(image),
    ]);
    expect(files()).toEqual([first.id]);
    // Read by id: stopped, the image delivered and charged.
    const byId = await fetch(`${base}/v1/runs/${first.id}`, { headers: userHeaders(token) });
    expect(await byId.json()).toEqual({
      id: first.id,
      model: expect.any(String),
      status: 'cancelled',
      output: [{ image_output: { image, outputType: 'image' } }],
      usage: { cost: 0.2 },
    });
  });

  it('streamed and left mid-stream (a reload): one info line names the run, none is at error level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const { gate, used, send } = await listening({ level: 'info', stream });
    const caller = new AbortController();
    const pending = send('left-mid-stream', { stream: true, signal: caller.signal });
    gate.releaseImage();
    const first = await eventWhere(runEvents(await pending), (event) =>
      Boolean(event.output?.[0]?.image_output),
    );
    caller.abort();
    gate.releaseVideo();
    await expect.poll(used).toBe(0.2);
    // The request's own line is written once its connection has closed.
    await expect
      .poll(() => lines.filter((line) => line.runId === first.id && line.level === 30).length)
      .toBeGreaterThan(0);
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });

  it('a caller who comes back with the key while the run is still going gets it, charged once', async () => {
    const { gate, used, send } = await listening();
    const caller = new AbortController();
    const first = send('lost-3', { signal: caller.signal }).catch(() => undefined);
    await expect.poll(() => gate.started()).toBe(1);
    caller.abort();
    await first;
    const again = send('lost-3');
    // Let the second request reach the platform and join the run before it ends.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release(gate);
    const answer = await (await again).json();
    expect(answer.output[0]).toHaveProperty('video_output');
    expect(gate.started()).toBe(1);
    expect(await used()).toBe(0.5);
  });

  it('without a key, a caller that went away is not charged either', async () => {
    const { app, gate, used } = await listening();
    const base = app.server.address() as { port: number };
    const token = await signIn(app, 'nokey@example.com');
    const caller = new AbortController();
    const pending = fetch(`http://127.0.0.1:${base.port}/v1/run`, {
      method: 'POST',
      headers: { ...userHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify(costumeRun()),
      signal: caller.signal,
    }).catch(() => undefined);
    await expect.poll(() => gate.started()).toBe(1);
    caller.abort();
    await pending;
    release(gate);
    await expect
      .poll(async () => {
        const reply = await app.inject({
          url: '/v1/subscriptions/usage',
          headers: userHeaders(token),
        });
        return reply.json().credits.userBalance.usedCredits;
      })
      .toBe(0);
    expect(await used()).toBe(0);
  });

  it('is refunded once: a restart after it gives nothing back again (issue 42)', async () => {
    // On a database file, so the restart reads what the first start wrote.
    const { app, token, base, gate, restart } = await gatedPlatform({ databaseFile: undefined });
    let platform = app;
    const used = async () => (await userBalance(platform, token)).usedCredits;
    const run = (signal?: AbortSignal) =>
      fetch(`${base}/v1/run`, {
        method: 'POST',
        headers: { ...userHeaders(token), 'content-type': 'application/json' },
        body: JSON.stringify(costumeRun()),
        signal,
      });
    release(gate);
    expect((await run()).status).toBe(200);
    expect(await used()).toBe(0.5);
    const caller = new AbortController();
    const abandoned = run(caller.signal).catch(() => undefined);
    await expect.poll(() => gate.started()).toBe(2);
    expect(await used()).toBe(1);
    caller.abort();
    await abandoned;
    release(gate);
    await expect.poll(used).toBe(0.5);

    platform = await restart();
    expect(await used()).toBe(0.5);
  });
});
