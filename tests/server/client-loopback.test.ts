// Issue 42: the client trusts plain http only to hosts that are loopback as written, not to names
// (`*.localhost`) that a resolver answers for. Against the real platform on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../adapters/platform/src/index';
import { signIn, testApp, type TestApp } from './helpers';

let t: TestApp;
let port: number;
let accessToken: string;
let calls = 0;

beforeAll(async () => {
  t = await testApp();
  accessToken = await signIn(t.app);
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  t.app.server.on('request', () => calls++);
});
afterAll(() => t?.close());

describe('plain http to the platform', () => {
  it.each(['pets.localhost', 'localhost.localhost', '127.0.0.1.localhost'])(
    'refuses http://%s (a name, resolved elsewhere) with INSECURE_BASE_URL, before anything is sent',
    (host) => {
      const before = calls;
      expect(
        () => new PlatformClient({ baseUrl: `http://${host}:${port}`, accessToken, maxRetries: 0 }),
      ).toThrow(expect.objectContaining({ code: 'INSECURE_BASE_URL' }));
      expect(calls).toBe(before);
    },
  );

  it.each(['127.1', '127.0.0.1', 'localhost'])(
    'takes http://%s, loopback as written (127.1 is the literal 127.0.0.1), and reaches the platform',
    async (host) => {
      const client = new PlatformClient({
        baseUrl: `http://${host}:${port}`,
        accessToken,
        maxRetries: 0,
      });
      const before = calls;
      await expect(client.subscriptions.usage()).resolves.toBeDefined();
      expect(calls).toBe(before + 1);
    },
  );
});
