import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appPerTest,
  armFault,
  costumeRun,
  expectErrorShape,
  postRun,
  userBalance,
  userHeaders,
} from './helpers';

const start = appPerTest();
const setup = (faults = true) => start({ faults });
afterEach(() => vi.useRealTimers());

describe('fault injection', () => {
  it('is absent unless enabled', async () => {
    const { app } = await setup(false);
    expect((await armFault(app, { next: '503' })).statusCode).toBe(404);
  });

  it('answers only loopback callers', async () => {
    const { app } = await setup();
    const reply = await app.inject({
      method: 'POST',
      url: '/__faults',
      payload: { next: '503' },
      remoteAddress: '10.1.2.3',
    });
    expect(reply.statusCode).toBe(403);
  });

  it('fails the next video as a real video failure: the image streamed and charged, then a WORKFLOW_FAILED error frame, no [DONE]', async () => {
    const { app, token } = await setup();
    await armFault(app, { next: 'video-fail' });
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: { ...userHeaders(token), accept: 'text/event-stream' },
      payload: { ...costumeRun(), stream: true },
    });
    expect(reply.statusCode).toBe(200);
    const frames = reply.body
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => frame.slice('data: '.length));
    expect(frames).not.toContain('[DONE]');
    const last = JSON.parse(frames.at(-1)!) as { error?: Record<string, unknown> };
    expect(last.error).toMatchObject({
      code: 'WORKFLOW_FAILED',
      statusCode: 500,
      context: { charged: 0.2 },
    });
    const images = frames
      .slice(0, -1)
      .map((frame) => JSON.parse((JSON.parse(frame) as { content: string }).content))
      .flatMap(
        (answer: { output?: { image_output?: unknown; video_output?: unknown }[] }) =>
          answer.output ?? [],
      );
    expect(images).toEqual([{ image_output: expect.objectContaining({ outputType: 'image' }) }]);
    expect((await userBalance(app, token)).usedCredits).toBe(0.2);
    const next = await postRun(app, token);
    expect(next.json().output[0].video_output).toBeDefined();
  });

  it('fails the next video of a run not streamed: nothing was delivered, so WORKFLOW_FAILED charging nothing', async () => {
    const { app, token } = await setup();
    await armFault(app, { next: 'video-fail' });
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(500);
    expect(expectErrorShape(reply, 'WORKFLOW_FAILED').context).toEqual({ charged: false });
    expect((await userBalance(app, token)).usedCredits).toBe(0);
  });

  it('fails a whole run without charging it', async () => {
    const { app, token } = await setup();
    await armFault(app, { next: 'run-fail' });
    const reply = await postRun(app, token);
    expect(reply.statusCode).toBe(500);
    expect(expectErrorShape(reply, 'WORKFLOW_FAILED').context).toEqual({ charged: false });
    expect((await userBalance(app, token)).usedCredits).toBe(0);
  });

  it.each([
    ['503', 503, 'WORKFLOW_UNAVAILABLE'],
    ['402', 402, 'INSUFFICIENT_BALANCE'],
    ['429', 429, 'RATE_LIMIT_EXCEEDED'],
  ])('answers an injected %s for `count` requests, then recovers', async (next, status, code) => {
    const { app, token } = await setup();
    await armFault(app, { next, count: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await postRun(app, token);
      expect(reply.statusCode).toBe(status);
      expectErrorShape(reply, code);
    }
    expect((await postRun(app, token)).statusCode).toBe(200);
  });

  it('an injected 429 says to come back in a second, in the header and the body', async () => {
    const { app, token } = await setup();
    await armFault(app, { next: '429' });
    const reply = await postRun(app, token);
    expect(reply.headers['retry-after']).toBe('1');
    expect(expectErrorShape(reply, 'RATE_LIMIT_EXCEEDED').context).toMatchObject({ retryAfter: 1 });
  });

  it('slows a request on another path when asked, and lists and clears faults', async () => {
    const { app, token } = await setup();
    await armFault(app, { next: 'slow', path: '/v1/subscriptions/usage', delayMs: 50 });
    expect((await app.inject('/__faults')).json().armed).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let answered = false;
    const pending = app
      .inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) })
      .then((reply) => {
        answered = true;
        return reply;
      });
    // Wait (in real time) until the request reaches the injected delay, then move the fake clock.
    while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(49);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).statusCode).toBe(200);
    vi.useRealTimers();
    await armFault(app, { next: '503', count: 3 });
    await app.inject({ method: 'DELETE', url: '/__faults' });
    expect((await app.inject('/__faults')).json().armed).toEqual([]);
    const bad = await armFault(app, { next: 'explode' });
    expect(bad.statusCode).toBe(400);
  });
});
