import type { AddressInfo } from 'node:net';
import type { AppOptions } from '../../../mock-server/app';
import { PlatformClient, type ClientOptions } from '../../../adapters/platform/src/index';
import { signIn, testApp, type TestApp } from '../../server/helpers';

export interface ListeningApp extends TestApp {
  baseUrl: string;
  /** A client in mode (a) for a new user signed in through the real sign-in form. */
  clientFor(email: string, options?: ClientOptions): Promise<PlatformClient>;
}

/** The real platform on a loopback socket, so the client goes through real HTTP. */
export async function listeningApp(options: Partial<AppOptions> = {}): Promise<ListeningApp> {
  const t = await testApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return {
    ...t,
    baseUrl,
    clientFor: async (email, clientOptions = {}) =>
      new PlatformClient({ baseUrl, accessToken: await signIn(t.app, email), ...clientOptions }),
  };
}

/** No client-side request budget: these tests measure the platform, not the queue. */
export const UNTHROTTLED = { queue: { concurrency: 10, intervalCap: Infinity } } as const;
