import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';
import { sseData } from './streaming';
import { BASE_URL, url, useMswServer } from '../../../../tests/support/msw-server';

const server = useMswServer();
afterEach(() => vi.useRealTimers());

const encoder = new TextEncoder();
const frame = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const content = (text: string) => frame({ content: text });

/** A body that sends each part as its own network chunk, `gapMs` apart. */
function chunkedBody(parts: (string | Uint8Array)[], gapMs = 0) {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (gapMs && index > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const part = parts[index++];
      if (part === undefined) return controller.close();
      controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
    },
  });
  return { body };
}

/** Serves each POST /v1/run with the next of these bodies; returns the requests seen. */
function streamedRuns(...bodies: (() => ReadableStream<Uint8Array>)[]) {
  const requests: Request[] = [];
  server.use(
    http.post(url('/v1/run'), ({ request }) => {
      const body = bodies[Math.min(requests.length, bodies.length - 1)]!;
      requests.push(request.clone());
      return new HttpResponse(body(), { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return requests;
}

const client = (options = {}) =>
  new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', ...options });
async function collect(iterable: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe('sseData: lines split anywhere by the network', () => {
  it('reassembles data lines cut mid-line and mid-character, and skips comments and other fields', async () => {
    const text = `: keep-alive\nevent: message\n${content('Hallo 🎃 Welt')}data: [DONE]\n`;
    const bytes = encoder.encode(text);
    const cuts = [3, 17, 40, 41, 42, bytes.length - 2];
    const parts = cuts
      .map((cut, i) => bytes.slice(cuts[i - 1] ?? 0, cut))
      .concat([bytes.slice(cuts.at(-1))]);
    expect(await collect(sseData(chunkedBody(parts).body))).toEqual([
      JSON.stringify({ content: 'Hallo 🎃 Welt' }),
      '[DONE]',
    ]);
  });

  it('gives the same data however the bytes are chunked (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        async (texts, rawCuts, crlf) => {
          const newline = crlf ? '\r\n' : '\n';
          const text = texts
            .map((t) => `data: ${JSON.stringify({ content: t })}${newline}${newline}`)
            .join('');
          const bytes = encoder.encode(text);
          const cuts = [...new Set(rawCuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const parts = [...cuts, bytes.length].map((cut, i) =>
            bytes.slice(i ? cuts[i - 1] : 0, cut),
          );
          const data = await collect(sseData(chunkedBody(parts).body));
          expect(data.map((line) => (JSON.parse(line) as { content: string }).content)).toEqual(
            texts,
          );
        },
      ),
    );
  });
});

describe('run.stream over text/event-stream', () => {
  it('asks for an event stream and yields chunks as received until [DONE] (chunk mode, the default)', async () => {
    const requests = streamedRuns(
      () =>
        chunkedBody([
          content('Hel'),
          content('lo wor'),
          content('ld'),
          'data: [DONE]\n\n',
          content('after'),
        ]).body,
    );
    expect(await collect(client().run.stream({ model: 'm', input: 'hi' }))).toEqual([
      'Hel',
      'lo wor',
      'ld',
    ]);
    expect(requests[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(await requests[0]!.json()).toMatchObject({ model: 'm', input: 'hi', stream: true });
  });

  it('letter mode yields one character at a time', async () => {
    streamedRuns(() => chunkedBody([content('ab'), content('c🎃')]).body);
    expect(await collect(client().run.stream({ model: 'm', input: 'x', mode: 'letter' }))).toEqual([
      'a',
      'b',
      'c',
      '🎃',
    ]);
  });

  it('word mode yields whole words with their spacing, even when chunks cut words', async () => {
    streamedRuns(
      () =>
        chunkedBody([content('Tri'), content('ck or tr'), content('eat,  pu'), content('mpkin')])
          .body,
    );
    expect(await collect(client().run.stream({ model: 'm', input: 'x', mode: 'word' }))).toEqual([
      'Trick ',
      'or ',
      'treat,  ',
      'pumpkin',
    ]);
  });

  it('every mode hands out exactly the streamed text (property)', async () => {
    const { splitter } = await import('./stream-modes');
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.constantFrom('chunk', 'letter', 'word' as const),
        (chunks, mode) => {
          const split = splitter(mode);
          const pieces = [...chunks.flatMap((chunk) => split.push(chunk)), ...split.flush()];
          expect(pieces.join('')).toBe(chunks.join(''));
          if (mode === 'word') for (const piece of pieces) expect(piece.trim()).not.toMatch(/\s/);
        },
      ),
    );
  });

  it('an error frame mid-stream becomes its typed error after the content before it', async () => {
    streamedRuns(
      () =>
        chunkedBody([
          content('partial '),
          frame({
            error: {
              message: 'Not enough credits',
              code: 'INSUFFICIENT_BALANCE',
              context: { remainingCredits: 0, requiredCredits: 1 },
            },
          }),
        ]).body,
    );
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of client().run.stream({ model: 'm', input: 'x' })) pieces.push(piece);
    })().catch((e: unknown) => e);
    expect(pieces).toEqual(['partial ']);
    expect(error).toMatchObject({
      name: 'InsufficientBalanceError',
      remainingCredits: 0,
      requiredCredits: 1,
      action: 'top-up',
    });
  });

  it('retries while nothing has been yielded, with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const requests = streamedRuns(
      () =>
        chunkedBody([
          frame({
            error: { message: 'Busy', code: 'RATE_LIMIT_EXCEEDED', context: { retryAfter: 1 } },
          }),
        ]).body,
      () => chunkedBody([content('ok')]).body,
    );
    const result = collect(client().run.stream({ model: 'm', input: 'x' }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toEqual(['ok']);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers.get('idempotency-key')).toBe(
      requests[0]!.headers.get('idempotency-key'),
    );
  });

  it('does not retry once something was yielded: a dropped connection is a NetworkError', async () => {
    vi.useFakeTimers();
    const requests = streamedRuns(() => {
      let pulls = 0;
      return new ReadableStream({
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(encoder.encode(content('seen')));
          // The drop comes a second later, so the first chunk is surely read before it.
          else
            return new Promise((resolve) => setTimeout(resolve, 1_000)).then(() =>
              controller.error(new TypeError('socket hang up')),
            );
        },
      });
    });
    const pieces: string[] = [];
    const run = (async () => {
      for await (const piece of client().run.stream({ model: 'm', input: 'x' })) pieces.push(piece);
    })().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pieces).toEqual(['seen']);
    expect(await run).toMatchObject({ name: 'NetworkError' });
    expect(requests).toHaveLength(1);
  });

  it("says 'No response body received for streaming request' when the answer has no body", async () => {
    const c = client({ fetch: async () => new Response(null, { status: 200 }) });
    await expect(collect(c.run.stream({ model: 'm', input: 'x' }))).rejects.toThrow(
      'No response body received for streaming request',
    );
  });

  it('the idle watchdog gives up on a stream that goes quiet, separately from the total timeout', async () => {
    vi.useFakeTimers();
    const stalled = chunkedBody([content('first'), content('never')], 5_000);
    streamedRuns(() => stalled.body);
    const pieces: string[] = [];
    const run = (async () => {
      for await (const piece of client({ maxRetries: 0 }).run.stream({
        model: 'm',
        input: 'x',
        idleTimeout: 1_000,
      }))
        pieces.push(piece);
    })().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await run).toMatchObject({
      name: 'TimeoutError',
      message: 'Stream idle timeout: no data for 1000 ms',
    });
    expect(pieces).toEqual(['first']);
  });

  it('a slow but steady stream outlives the idle watchdog; the total timeout still ends it', async () => {
    vi.useFakeTimers();
    const parts = Array.from({ length: 10 }, (_, i) => content(String(i)));
    streamedRuns(() => chunkedBody(parts, 500).body);
    const steady = collect(
      client({ maxRetries: 0 }).run.stream({ model: 'm', input: 'x', idleTimeout: 1_000 }),
    );
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await steady).toHaveLength(10);

    streamedRuns(() => chunkedBody(parts, 500).body);
    const capped = collect(
      client({ maxRetries: 0, timeout: 2_000 }).run.stream({
        model: 'm',
        input: 'x',
        idleTimeout: 1_000,
      }),
    ).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await capped).toMatchObject({
      name: 'TimeoutError',
      message: 'Request timeout after 2000 ms',
    });
  });

  it("the caller's AbortSignal stops the stream with an AbortError and cancels the request", async () => {
    vi.useFakeTimers();
    const slow = chunkedBody(
      Array.from({ length: 100 }, (_, i) => content(`${i}`)),
      100,
    );
    streamedRuns(() => slow.body);
    const controller = new AbortController();
    const pieces: string[] = [];
    const run = (async () => {
      for await (const piece of client().run.stream({
        model: 'm',
        input: 'x',
        signal: controller.signal,
      }))
        pieces.push(piece);
    })().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250);
    controller.abort();
    expect(await run).toMatchObject({ name: 'AbortError' });
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(100);
  });
});
