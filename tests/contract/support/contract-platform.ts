import { afterAll, beforeAll } from 'vitest';
import { PlatformClient } from '../../../adapters/platform/src/index';
import { listeningPlatform, type ListeningPlatform } from '../../../cli/testing/cli-test-platform';
import { signIn } from '../../server/helpers';

export interface ContractPlatform {
  /** The platform, read inside tests and hooks (it starts in beforeAll). */
  readonly platform: ListeningPlatform;
  /** Makes the next `count` matching requests fail as the real failure would (README "Faults"). */
  armFault(next: string, count?: number): Promise<unknown>;
  /** A new user, signed in through the real sign-in form, and a client in mode (a) for them. */
  signedInClient(email: string): Promise<{ accessToken: string; client: PlatformClient }>;
}

/**
 * The real local platform with faults on, listening on a free loopback port for one test file:
 * made in beforeAll, closed in afterAll. A file of its own each: the sign-in form is rate limited
 * per address, and a file that signs in plenty would spend another's budget.
 */
export function contractPlatform(): ContractPlatform {
  let platform: ListeningPlatform | undefined;
  beforeAll(async () => {
    platform = await listeningPlatform({ faults: true });
  });
  afterAll(() => platform?.close());
  const started = () => {
    if (!platform) throw new Error('contractPlatform is read before its beforeAll ran');
    return platform;
  };
  return {
    get platform() {
      return started();
    },
    armFault: (next, count = 1) =>
      started().app.inject({
        method: 'POST',
        url: '/__faults',
        payload: { next, count },
        remoteAddress: '127.0.0.1',
      }),
    async signedInClient(email) {
      const { app, baseUrl } = started();
      const accessToken = await signIn(app, email);
      return { accessToken, client: new PlatformClient({ baseUrl, accessToken }) };
    },
  };
}
