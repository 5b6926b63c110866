// Two writers, 500 rounds each, against the real platform through the client (issue 12): with ETag /
// If-Match nothing acknowledged is ever lost, on different keys or on the same key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient, PreconditionFailedError } from '../../adapters/platform/src/index';
import { signIn } from '../server/helpers';
import { listeningApp, UNTHROTTLED, type ListeningApp } from './support/listening-app';

const ROUNDS = 500;
// Each test's bound (600 s) catches a writer stuck for good (a lost answer, a retry loop on 412),
// not a slow machine: its 2,000 requests took 165 s with the machine at a load of 20 on 2 cores.
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp({ rateLimit: false });
});
afterAll(() => t.close());

/** Two clients of one user, like two tabs. */
async function twoTabs(email: string): Promise<[PlatformClient, PlatformClient]> {
  const accessToken = await signIn(t.app, email);
  const tab = () => new PlatformClient({ baseUrl: t.baseUrl, accessToken, ...UNTHROTTLED });
  return [tab(), tab()];
}

const isConflict = (error: unknown) => error instanceof PreconditionFailedError;

describe('2 writers x 500 rounds', () => {
  it('on different keys: each key always holds its writer’s last acknowledged value', async () => {
    const tabs = await twoTabs('keys@example.com');
    const stale: string[] = [];
    const writer = async (client: PlatformClient, key: string) => {
      let acknowledged: number | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        const { sessionData } = await client.storage.get();
        // Only this writer writes this key: anything else than its last write is a lost update.
        if (sessionData[key] !== acknowledged)
          stale.push(`${key}: ${String(sessionData[key])} != ${acknowledged}`);
        await client.storage.update(key, round);
        acknowledged = round;
      }
    };
    await Promise.all([writer(tabs[0], 'tab-a'), writer(tabs[1], 'tab-b')]);
    expect(stale).toEqual([]);
    expect((await tabs[0].storage.get()).sessionData).toEqual({
      'tab-a': ROUNDS - 1,
      'tab-b': ROUNDS - 1,
    });
  }, 600_000);

  it('on the same key: read, change, write with If-Match, re-read on 412; every item arrives once', async () => {
    const tabs = await twoTabs('gallery@example.com');
    let conflicts = 0;
    let writes = 0;
    const writer = async (client: PlatformClient, name: string) => {
      for (let round = 0; round < ROUNDS; round++) {
        for (;;) {
          const { sessionData, etag } = await client.storage.get();
          expect(etag).toBeDefined();
          const gallery = (sessionData['pet-gallery'] as string[] | undefined) ?? [];
          try {
            await client.storage.put(
              { ...sessionData, 'pet-gallery': [`${name}-${round}`, ...gallery] },
              { ifMatch: etag },
            );
            writes++;
            break;
          } catch (error) {
            if (!isConflict(error)) throw error;
            conflicts++;
          }
        }
      }
    };
    await Promise.all([writer(tabs[0], 'a'), writer(tabs[1], 'b')]);
    const { sessionData, etag } = await tabs[0].storage.get();
    const gallery = sessionData['pet-gallery'] as string[];
    expect(gallery).toHaveLength(2 * ROUNDS);
    expect(new Set(gallery).size).toBe(2 * ROUNDS);
    for (const name of ['a', 'b']) {
      const own = gallery.filter((item) => item.startsWith(`${name}-`)).reverse();
      expect(own).toEqual(Array.from({ length: ROUNDS }, (_, round) => `${name}-${round}`));
    }
    // Each acknowledged write bumped the version exactly once: none was silently dropped.
    expect(writes).toBe(2 * ROUNDS);
    expect(etag).toBe(`"v${2 * ROUNDS}"`);
    // The writers really raced (otherwise this proves nothing about If-Match).
    expect(conflicts).toBeGreaterThan(0);
  }, 600_000);
});
