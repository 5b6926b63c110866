import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from './client';
import { AbortError } from './transport-errors';

// A real socket, not msw: only a real server can tell whether abort() really cancelled the request.
let server: Server;
let baseUrl: string;
let requests = 0;
let closed: Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    let markClosed!: () => void;
    closed = new Promise((resolve) => (markClosed = resolve));
    res.on('close', markClosed);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': `req-${requests}` });
    if (req.url?.includes('endless')) {
      let n = 0;
      const tick = setInterval(
        () => res.write(`data: ${JSON.stringify({ content: `${n++} ` })}\n\n`),
        5,
      );
      res.on('close', () => clearInterval(tick));
      return;
    }
    for (const piece of ['one ', 'two ', 'three'])
      res.write(`data: ${JSON.stringify({ content: piece })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The endless answer lives at another path; the client's baseUrl decides which. */
const client = (endless = false) =>
  new PlatformClient({
    baseUrl: endless ? `${baseUrl}/endless` : baseUrl,
    accessToken: 't',
    maxRetries: 0,
  });

describe('a run stream: abort(), tee(), toReadableStream()', () => {
  it('abort() ends the loop with AbortError and closes the connection', async () => {
    const stream = client(true).run.stream({ model: 'm', input: 'x' });
    const pieces: string[] = [];
    const loop = (async () => {
      for await (const piece of stream) {
        pieces.push(piece);
        if (pieces.length === 2) stream.abort();
      }
    })();
    await expect(loop).rejects.toBeInstanceOf(AbortError);
    expect(pieces).toEqual(['0 ', '1 ']);
    expect(stream.signal.aborted).toBe(true);
    await closed; // the server saw the connection go
  });

  it('abort() before reading sends nothing', async () => {
    const before = requests;
    const stream = client(true).run.stream({ model: 'm', input: 'x' });
    stream.abort();
    await expect(stream.finalResult()).rejects.toBeInstanceOf(AbortError);
    expect(requests).toBe(before);
  });

  it('tee() gives two readers the same events and final result from one request', async () => {
    const before = requests;
    const stream = client().run.stream({ model: 'm', input: 'x' });
    const [left, right] = stream.tee();
    const read = async (branch: typeof left) => {
      const pieces: string[] = [];
      for await (const piece of branch) pieces.push(piece);
      return pieces;
    };
    // One reads all before the other starts: the second is kept what it has not read yet.
    expect(await read(left)).toEqual(['one ', 'two ', 'three']);
    expect(await read(right)).toEqual(['one ', 'two ', 'three']);
    expect(await left.finalResult()).toBe('one two three');
    expect(await right.finalResult()).toBe('one two three');
    expect(right.requestId).toBe(stream.requestId);
    expect(stream.requestId).toMatch(/^req-\d+$/);
    expect(requests).toBe(before + 1);
  });

  it('abort() on a tee branch aborts the request', async () => {
    const [left, right] = client(true).run.stream({ model: 'm', input: 'x' }).tee();
    const first = await left[Symbol.asyncIterator]().next();
    expect(first.value).toBe('0 ');
    left.abort();
    await expect(right.finalResult()).rejects.toBeInstanceOf(AbortError);
    await closed;
  });

  it('toReadableStream() gives the events as JSON lines', async () => {
    const stream = client().run.stream({ model: 'm', input: 'x' });
    const body = await new Response(await stream.toReadableStream()).text();
    expect(
      body
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(['one ', 'two ', 'three']);
    expect(await stream.finalResult()).toBe('one two three');
  });

  it('cancelling the ReadableStream closes the connection', async () => {
    const stream = client(true).run.stream({ model: 'm', input: 'x' });
    const reader = (await stream.toReadableStream()).getReader();
    await reader.read();
    await reader.cancel();
    await closed;
  });
});
