// Issue 42 (medium): the platform cut its own runs at IDLE_TIMEOUT_MS. A socket waiting on the
// platform's work (a run computing, a stream between its image and its video) is not idle: it is
// kept, while a socket idle on the client's side is still cut. IDLE_TIMEOUT_MS is 300 ms here,
// and each run is held until a socket opened after it was cut by that timeout.
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gatedRenderer } from '../support/gated-renderer';
import {
  costumeRun,
  eventWhere,
  runEvents,
  userBalance,
  userHeaders,
  gatedPlatformPerTest,
} from './helpers';

const gatedPlatform = gatedPlatformPerTest(gatedRenderer);

async function listening() {
  const { app, token, base, gate } = await gatedPlatform({ connections: { idleTimeoutMs: 300 } });
  const run = (stream: boolean) =>
    fetch(`${base}/v1/run`, {
      method: 'POST',
      headers: {
        ...userHeaders(token),
        'content-type': 'application/json',
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      body: JSON.stringify({ ...costumeRun(), stream }),
    });
  /** Opens a socket that sends nothing, and resolves once the platform has cut it. */
  const idleSocketCut = async () => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'close');
  };
  const used = async () => (await userBalance(app, token)).usedCredits;
  return { gate, run, idleSocketCut, used };
}

describe('IDLE_TIMEOUT_MS cuts sockets idle on the client side only', () => {
  it('a run computed past it is answered whole and charged once', async () => {
    const { gate, run, idleSocketCut, used } = await listening();
    expect(await used()).toBe(0);
    const answer = run(false);
    await expect.poll(() => gate.started()).toBe(1);
    // The idle timeout has passed for the run's socket too (it went quiet before this one opened).
    await idleSocketCut();
    gate.releaseImage();
    gate.releaseVideo();
    const reply = await answer;
    expect(reply.status).toBe(200);
    const { output } = await reply.json();
    expect(output[0]).toHaveProperty('video_output');
    expect(await used()).toBe(0.5);
    expect((await fetch(output[0].video_output.video)).status).toBe(200);
  });

  it('a stream waiting for its video past it gets the video and [DONE], charged once', async () => {
    const { gate, run, idleSocketCut, used } = await listening();
    gate.releaseImage();
    const events = runEvents(await run(true));
    await eventWhere(events, (event) => Boolean(event.output?.[0]?.image_output));
    await idleSocketCut();
    gate.releaseVideo();
    const rest = [];
    for await (const event of events) rest.push(event);
    expect(rest.at(-1)?.output?.[0]).toHaveProperty('video_output');
    expect(await used()).toBe(0.5);
  });
});
