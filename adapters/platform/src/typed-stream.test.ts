import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PlatformClient } from './client';
import type { RunStream } from './run-stream';
import type { WorkflowResult, WorkflowStreamEvent } from './workflow-stream';
import { BASE_URL, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();

const WORKFLOW = 'workflow/7f3e1a52-0000-4000-8000-000000000001';
const image = { image_output: { image: 'http://files/a.png', outputType: 'image' } };
const video = { video_output: { video: 'http://files/a.mp4', outputType: 'video' } };
const frame = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const piece = (answer: unknown) => frame({ content: JSON.stringify(answer) });

/** Serves POST /v1/run as this SSE text, with a request id; returns the requests seen. */
function streamAnswer(body: string, requestId = 'req-42') {
  const requests: Request[] = [];
  server.use(
    http.post(url('/v1/run'), ({ request }) => {
      requests.push(request.clone());
      return new HttpResponse(body, {
        headers: { 'content-type': 'text/event-stream', 'x-request-id': requestId },
      });
    }),
  );
  return requests;
}

const client = (options = {}) =>
  new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', ...options });

const costumeRun = () =>
  client().run.stream({ model: WORKFLOW, input: { upload_your_pets_photo: 'p' } });

describe('a streamed workflow run yields typed events', () => {
  it('each output as it exists, then its usage, then done with the whole answer in run.create’s shape', async () => {
    streamAnswer(
      piece({ id: 'r1', model: WORKFLOW, output: [image] }) +
        piece({ output: [video], usage: { cost: 0.5, remainingCredits: 4.5 } }) +
        'data: [DONE]\n\n',
    );
    const stream = costumeRun();
    expectTypeOf(stream).toEqualTypeOf<RunStream<WorkflowStreamEvent, WorkflowResult>>();
    const events: WorkflowStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events).toEqual([
      { type: 'run', runId: 'r1' },
      { type: 'output', key: 'image_output', outputType: 'image', url: 'http://files/a.png' },
      { type: 'output', key: 'video_output', outputType: 'video', url: 'http://files/a.mp4' },
      { type: 'usage', cost: 0.5, remainingCredits: 4.5 },
      {
        type: 'done',
        result: {
          id: 'r1',
          model: WORKFLOW,
          // The image and the video of one run in one entry, as run.create answers (issue 41).
          output: [{ ...image, ...video }],
          usage: { cost: 0.5, remainingCredits: 4.5 },
          requestId: 'req-42',
        },
      },
    ]);
    expect(stream.requestId).toBe('req-42');
    expect((await stream.finalResult()).output).toEqual([{ ...image, ...video }]);
  });

  it('names the run once, first, also when the first piece carries its id alone', async () => {
    streamAnswer(
      piece({ id: 'r4', model: WORKFLOW, output: [] }) +
        piece({ id: 'r4', output: [image] }) +
        'data: [DONE]\n\n',
    );
    const events: WorkflowStreamEvent['type'][] = [];
    for await (const event of costumeRun()) events.push(event.type);
    expect(events).toEqual(['run', 'output', 'done']);
  });

  it('reads the same when one answer is cut across pieces, or sent whole at once', async () => {
    const whole = JSON.stringify({ id: 'r2', output: [image, video] });
    streamAnswer(
      frame({ content: whole.slice(0, 17) }) +
        frame({ content: whole.slice(17) }) +
        'data: [DONE]\n\n',
    );
    const result = await costumeRun().finalResult();
    expect(result).toMatchObject({ id: 'r2', output: [image, video], requestId: 'req-42' });
  });

  it('finalResult() alone reads the whole stream; the usage-changed event carries the balance', async () => {
    streamAnswer(piece({ output: [image, video], usage: { remainingCredits: 3.25 } }));
    const c = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const seen: unknown[] = [];
    c.on('usage-changed', (event) => seen.push(event));
    await c.run.stream({ model: WORKFLOW, input: {} }).finalResult();
    expect(seen).toEqual([{ model: WORKFLOW, remainingCredits: 3.25 }]);
  });

  it('a stream with no output entry fails as the workflow gave no output', async () => {
    streamAnswer(piece({ id: 'r3' }) + 'data: [DONE]\n\n');
    await expect(costumeRun().finalResult()).rejects.toMatchObject({
      message: 'No output received from workflow',
      requestId: 'req-42',
    });
  });

  it('a stream left early has no final result, and cannot be read twice', async () => {
    streamAnswer(piece({ output: [image] }) + piece({ output: [video] }));
    const stream = costumeRun();
    for await (const event of stream) if (event.type === 'output') break;
    await expect(stream.finalResult()).rejects.toMatchObject({ code: 'STREAM_LEFT' });
    expect(() => stream[Symbol.asyncIterator]()).toThrow('already being read');
  });
});

describe('a text stream keeps yielding text', () => {
  it('pieces by mode, and the whole text as its final result', async () => {
    streamAnswer(frame({ content: 'Boo ' }) + frame({ content: 'there' }) + 'data: [DONE]\n\n');
    const stream = client().run.stream({ model: 'some/model', input: 'x', mode: 'word' });
    expectTypeOf(stream).toEqualTypeOf<RunStream<string, string>>();
    const words: string[] = [];
    for await (const word of stream) words.push(word);
    expect(words).toEqual(['Boo ', 'there']);
    expect(await stream.finalResult()).toBe('Boo there');
    expect(stream.requestId).toBe('req-42');
  });

  it('streamText gives a workflow’s JSON pieces as they come', async () => {
    streamAnswer(piece({ output: [image] }) + piece({ output: [video] }));
    const pieces: string[] = [];
    for await (const text of client().run.streamText({ model: WORKFLOW, input: {} }))
      pieces.push(text);
    expect(pieces.map((text) => JSON.parse(text) as unknown)).toEqual([
      { output: [image] },
      { output: [video] },
    ]);
  });
});

describe('the request id on successes', () => {
  it('run.create gives the platform’s x-request-id with the answer', async () => {
    server.use(
      http.post(url('/v1/run'), () =>
        HttpResponse.json({ output: ['ok'] }, { headers: { 'x-request-id': 'req-7' } }),
      ),
    );
    expect(await client().run.create({ model: 'm', input: 'x' })).toMatchObject({
      output: ['ok'],
      requestId: 'req-7',
    });
  });
});

describe('per-call options on every method', () => {
  const balance = {
    credits: { userBalance: { allocatedCredits: 1, usedCredits: 0, remainingCredits: 1 } },
  };

  it('headers are added to this call only', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('/v1/subscriptions/usage'), ({ request }) => {
        seen.push(request.headers.get('x-trace'));
        return HttpResponse.json(balance);
      }),
      http.get(url('/v1/storage'), ({ request }) => {
        seen.push(request.headers.get('x-trace'));
        return HttpResponse.json({ sessionData: {} });
      }),
    );
    const c = client();
    await c.subscriptions.usage({ headers: { 'x-trace': 'one' } });
    await c.storage.get({ headers: { 'x-trace': 'two' } });
    await c.subscriptions.usage();
    expect(seen).toEqual(['one', 'two', null]);
  });

  it('maxRetries for one call overrides the client’s', async () => {
    let calls = 0;
    server.use(
      http.get(url('/v1/subscriptions/plan'), () => {
        calls++;
        return HttpResponse.json({ error: { message: 'down' } }, { status: 500 });
      }),
    );
    await expect(client({ maxRetries: 5 }).subscriptions.status({ maxRetries: 0 })).rejects.toThrow(
      'down',
    );
    expect(calls).toBe(1);
  });

  it('timeout for one call overrides the client’s', async () => {
    server.use(
      http.get(url('/v1/subscriptions/usage'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return HttpResponse.json(balance);
      }),
    );
    await expect(
      client({ timeout: 60_000 }).subscriptions.usage({ timeout: 50, maxRetries: 0 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
