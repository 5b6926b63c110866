// A keep-alive socket that went quiet after its answer was read is idle on the client's side: the
// idle timeout closes it, and the platform goes on. (The timeout's handler once read the finished
// answer of such a socket, which node has already let go of (null), and threw out of a timer: the
// whole platform process stopped. The workflow bench's keep-alive client found it.)
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

it('closes a keep-alive socket idle after its answer, and keeps answering', async () => {
  t = await testApp({ connections: { idleTimeoutMs: 300 } });
  // Node's keep-alive wait (fastify's 72 s) ends in the same 'timeout' event: shortened here.
  t.app.server.keepAliveTimeout = 300;
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect(Number(new URL(base).port), '127.0.0.1');
  await once(socket, 'connect');
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const [answer] = (await once(socket, 'data')) as [Buffer];
  expect(answer.toString()).toMatch(/^HTTP\/1\.1 200/);
  // It stays open, sending nothing: the platform cuts it once the timeout has passed.
  await once(socket, 'close');
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});
