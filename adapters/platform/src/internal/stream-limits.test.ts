// Streams from a hostile local server (issue 32): a 100 MB line, an endless stream and a trickle
// with no complete line each end in a typed StreamLimitError, with the client's memory bounded.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileServer, type HostileServer } from '../../../../tests/support/hostile-server';
import { PlatformClient } from '../client';
import { StreamLimitError } from '../transport-errors';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

let server: HostileServer;
const closed: Promise<void>[] = [];

/** Writes `next()` as fast as the socket takes it until `next` says stop or the client leaves. */
function pump(response: ServerResponse, next: () => string | undefined) {
  let gone = false;
  closed.push(new Promise((resolve) => response.on('close', () => resolve())));
  response.on('close', () => (gone = true));
  const write = () => {
    while (!gone) {
      const piece = next();
      if (piece === undefined) return void response.end();
      if (!response.write(piece)) return void response.once('drain', write);
    }
  };
  write();
}

beforeAll(async () => {
  server = await hostileServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const kind = new URL(request.url ?? '/', 'http://x').searchParams.get('kind');
    if (kind === 'long-line') {
      const filler = 'A'.repeat(CHUNK);
      let sent = 0;
      response.write('data: {"content":"');
      pump(response, () => (sent++ < (100 * MB) / CHUNK ? filler : undefined));
    } else if (kind === 'endless') {
      const event = `data: ${JSON.stringify({ content: 'x'.repeat(1000) })}\n\n`.repeat(60);
      pump(response, () => event);
    } else if (kind === 'trickle') {
      response.write('data: {"content":"');
      const tick = setInterval(() => response.write('a'), 20);
      closed.push(new Promise((resolve) => response.on('close', () => resolve())));
      response.on('close', () => clearInterval(tick));
    }
  });
});

afterAll(async () => {
  await Promise.all(closed);
  await server.close();
});

type Limits = NonNullable<ConstructorParameters<typeof PlatformClient>[0]>['streamLimits'];

/** A client whose requests carry ?kind= for the hostile server to pick its attack. */
const client = (kind: string, streamLimits?: Limits) =>
  new PlatformClient({
    baseUrl: server.baseUrl,
    accessToken: 't',
    maxRetries: 2,
    streamLimits,
    fetch: (input, init) => globalThis.fetch(`${String(input)}?kind=${kind}`, init),
  });

async function readAll(c: PlatformClient): Promise<unknown> {
  const pieces: string[] = [];
  try {
    for await (const piece of c.run.stream({ model: 'text/spooky-namer', input: 'x' }))
      pieces.push(piece);
  } catch (error) {
    return error;
  }
  return pieces;
}

describe('stream limits against a hostile server', () => {
  it('a 100 MB data: line ends at the 8 MiB line cap, with memory bounded and no retry', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const seenBefore = server.seen.length;
    const error = await readAll(client('long-line'));
    const after = process.memoryUsage();
    expect(error).toBeInstanceOf(StreamLimitError);
    expect(error).toMatchObject({ code: 'STREAM_LIMIT_EXCEEDED', limit: 'line-bytes' });
    // Unbounded, this took the process to 691 MB (issue 32); the cap holds it to a few times 8 MiB.
    expect(after.rss - before.rss).toBeLessThan(150 * MB);
    expect(server.seen.length - seenBefore).toBe(1);
  });

  it('an endless stream of events ends at maxStreamBytes', async () => {
    const error = await readAll(client('endless', { maxStreamBytes: 4 * MB }));
    expect(error).toBeInstanceOf(StreamLimitError);
    expect(error).toMatchObject({ limit: 'stream-bytes' });
    expect((error as Error).message).toContain(`${4 * MB} bytes`);
  });

  it('bytes trickling in with no complete line end at lineTimeout, though never idle', async () => {
    const error = await readAll(client('trickle', { lineTimeout: 300 }));
    expect(error).toBeInstanceOf(StreamLimitError);
    expect(error).toMatchObject({ limit: 'line-time' });
    expect((error as Error).message).toContain('no complete line for 300 ms');
  });
});
