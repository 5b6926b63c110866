// Cancelling must not cost money (issue 33), and a lost network mid-run recovers with one charge
// (issue 31): a run whose caller's connection closed before its answer was delivered is stopped
// uncharged, and the same Idempotency-Key then runs it afresh and charges it once; a key whose
// run was delivered replays the stored answer without a charge. Real sockets on a listening
// platform, so the closing connection is the one a phone going offline closes.
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../adapters/platform/src/api';
import { gatedRenderer } from '../support/gated-renderer';
import { costumeRun, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

async function listening() {
  const gate = gatedRenderer();
  t = await testApp({ renderCostume: gate.renderer });
  const token = await signIn(t.app);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
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
  return { gate, used, send };
}

const release = (gate: ReturnType<typeof gatedRenderer>) => {
  gate.releaseImage();
  gate.releaseVideo();
};

describe('a run whose caller went away before delivery', () => {
  it('is not charged; the same key then runs afresh, charged once, and replays without a charge', async () => {
    const { gate, used, send } = await listening();
    const caller = new AbortController();
    const first = send('lost-1', { signal: caller.signal }).catch(() => undefined);
    await expect.poll(() => gate.started()).toBe(1);
    // Credits are held while it renders.
    expect(await used()).toBe(0.5);
    caller.abort();
    await first;
    release(gate);
    await expect.poll(used).toBe(0);

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

  it('streamed: the caller gone after the image event is not charged; the key runs again once', async () => {
    const { gate, used, send } = await listening();
    const caller = new AbortController();
    const reply = await (async () => {
      const pending = send('lost-2', { stream: true, signal: caller.signal });
      gate.releaseImage();
      return pending;
    })();
    const reader = reply.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('image_output');
    caller.abort();
    gate.releaseVideo();
    await expect.poll(used).toBe(0);

    release(gate);
    const again = await send('lost-2', { stream: true });
    const text = await again.text();
    expect(text).toContain('video_output');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(await used()).toBe(0.5);
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
    const { gate, used } = await listening();
    const base = t!.app.server.address() as { port: number };
    const token = await signIn(t!.app, 'nokey@example.com');
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
        const reply = await t!.app.inject({
          url: '/v1/subscriptions/usage',
          headers: userHeaders(token),
        });
        return reply.json().credits.userBalance.usedCredits;
      })
      .toBe(0);
    expect(await used()).toBe(0);
  });
});
