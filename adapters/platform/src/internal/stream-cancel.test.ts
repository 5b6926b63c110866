import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';

// A real socket, not msw: only a real server can tell whether the request was really cancelled.
let server: Server;
let baseUrl: string;
let closed: Promise<void>;
let stallAfterFirst = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let markClosed!: () => void;
    closed = new Promise((resolve) => (markClosed = resolve));
    res.on('close', markClosed);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let n = 0;
    const tick = setInterval(() => {
      if (stallAfterFirst && n > 0) return;
      res.write(`data: ${JSON.stringify({ content: `${n++} ` })}\n\n`);
    }, 10);
    res.on('close', () => clearInterval(tick));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new PlatformClient({ baseUrl, accessToken: 't', maxRetries: 0 });

describe('stopping a stream really cancels the request', () => {
  it('when the consumer breaks out of the loop', async () => {
    stallAfterFirst = false;
    const pieces: string[] = [];
    for await (const piece of client().run.stream({ model: 'm', input: 'x' })) {
      pieces.push(piece);
      if (pieces.length === 3) break;
    }
    expect(pieces).toEqual(['0 ', '1 ', '2 ']);
    await expect(closed).resolves.toBeUndefined();
  });

  it("when the caller's signal aborts", async () => {
    stallAfterFirst = false;
    const controller = new AbortController();
    const run = (async () => {
      for await (const piece of client().run.stream({
        model: 'm',
        input: 'x',
        signal: controller.signal,
      }))
        if (piece === '1 ') controller.abort();
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await expect(closed).resolves.toBeUndefined();
  });

  it('when the idle watchdog fires', async () => {
    stallAfterFirst = true;
    const run = (async () => {
      for await (const _ of client().run.stream({ model: 'm', input: 'x', idleTimeout: 100 }));
    })();
    await expect(run).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.waitFor(() => expect(closed).resolves.toBeUndefined());
  });
});
