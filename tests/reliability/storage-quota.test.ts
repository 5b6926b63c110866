// Issue 32: there was no overall storage quota (30 accounts x 1 MB from 30 addresses grew DATA_DIR
// from 10.9 to 43.6 MB). Against the real server process with STORAGE_QUOTA_MB=4: accounts fill the
// project's quota, the next write gets 507 STORAGE_QUOTA_EXCEEDED and nothing stored is lost, the
// count survives a restart, and a deletion makes room again.
// Issue 42: about 256 new accounts of 1 MB each from 5 loopback addresses filled the 256 MB of the
// whole project in a minute, and every other user's write got 507. Now each user has a quota of
// their own and new accounts are braked per client (this computer's loopback addresses are one).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp as signIn } from './support/sign-in-over-http';
import { DEFAULT_PROJECT_TOKEN } from '../../mock-server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-quota-'));
const crowdDir = mkdtempSync(path.join(tmpdir(), 'pawloween-quota-crowd-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(crowdDir, { recursive: true, force: true });
});

/** Just under the 1 MB body limit: what one account can store. */
const NEARLY_1_MB = 'x'.repeat(1_000_000);

async function put(baseUrl: string, token: string, blob: string) {
  const response = await fetch(`${baseUrl}/v1/storage?appVersion=1`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
    body: JSON.stringify({ sessionData: { blob } }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code: string; message: string } },
  };
}

const stored = async (baseUrl: string, token: string) =>
  (
    (await (
      await fetch(`${baseUrl}/v1/storage`, { headers: { 'x-sub-dev-access-token': token } })
    ).json()) as {
      sessionData: { blob?: string };
    }
  ).sessionData.blob?.length ?? 0;

/** Signs in through the form from a given loopback source address: the token, or the status. */
function signInFrom(port: number, localAddress: string, email: string): Promise<string | number> {
  const body = new URLSearchParams({
    email,
    project_token: DEFAULT_PROJECT_TOKEN,
    redirect_uri: `http://127.0.0.1:${port}/`,
  }).toString();
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/auth/sign-in',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
        agent: false,
      },
      (response) => {
        response.resume();
        const location = response.headers.location ?? '';
        const token = location ? new URL(location).searchParams.get('accessToken') : null;
        response.on('end', () => resolve(token ?? response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describe('each user their own storage quota (USER_STORAGE_QUOTA_MB)', () => {
  it("one client's crowd of new accounts cannot fill another user's room, and a user past their own quota gets 507", async () => {
    const port = await freePort();
    server = await startServer(crowdDir, port, 60_000, {
      STORAGE_QUOTA_MB: '16',
      USER_STORAGE_QUOTA_MB: '0.5',
    });
    const owner = await signIn(server.baseUrl, 'owner@example.com');
    const HALF_MB = 'x'.repeat(500_000);
    // The attack of issue 42: new accounts from 5 loopback addresses, each filling its room, until
    // the platform stops making them (or the 40 accounts that would fill 16 MB are made).
    let accounts = 0;
    let refusedWith: number | undefined;
    for (let i = 0; accounts < 40 && refusedWith === undefined; i++) {
      const signedIn = await signInFrom(port, `127.0.0.${2 + (i % 5)}`, `crowd${i}@example.com`);
      if (typeof signedIn === 'number') refusedWith = signedIn;
      else {
        accounts += 1;
        expect((await put(server.baseUrl, signedIn, HALF_MB)).status).toBe(200);
      }
    }
    expect(refusedWith).toBe(429);
    // The owner, signed in before the crowd, still stores their own data.
    expect((await put(server.baseUrl, owner, HALF_MB.slice(100_000))).status).toBe(200);
    const past = await put(server.baseUrl, owner, 'x'.repeat(600_000));
    expect(past.status).toBe(507);
    expect(past.body.error?.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(past.body.error?.message).toMatch(/Your storage is full .*0\.5 MB/);
    expect(await stored(server.baseUrl, owner)).toBe(400_000);
    await server.stop();
  });
});

describe('the project storage quota (STORAGE_QUOTA_MB)', () => {
  it('refuses the write past it with 507, loses nothing, counts across a restart, and frees on delete', async () => {
    const port = await freePort();
    const env = { STORAGE_QUOTA_MB: '4' };
    server = await startServer(dataDir, port, 60_000, env);
    const tokens = [];
    for (let i = 0; i < 6; i++) tokens.push(await signIn(server.baseUrl, `quota${i}@example.com`));
    const answers = [];
    for (const token of tokens) answers.push(await put(server.baseUrl, token, NEARLY_1_MB));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 507, 507]);
    expect(answers[4]!.body.error?.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(answers[4]!.body.error?.message).toMatch(/storage is full .*4\.0 MB.*STORAGE_QUOTA_MB/);
    // A write that does not grow the total still passes, and what was stored is all there.
    expect((await put(server.baseUrl, tokens[0]!, NEARLY_1_MB)).status).toBe(200);
    expect(await stored(server.baseUrl, tokens[3]!)).toBe(NEARLY_1_MB.length);
    expect(await stored(server.baseUrl, tokens[4]!)).toBe(0);

    await server.stop();
    server = await startServer(dataDir, port, 60_000, env);
    expect((await put(server.baseUrl, tokens[4]!, NEARLY_1_MB)).status).toBe(507);
    const cleared = await fetch(`${server.baseUrl}/v1/storage?appVersion=1`, {
      method: 'DELETE',
      headers: { 'x-sub-dev-access-token': tokens[0]! },
    });
    expect(cleared.status).toBe(200);
    expect((await put(server.baseUrl, tokens[4]!, NEARLY_1_MB)).status).toBe(200);
  });

  it('refuses to start with a quota that is not a number above 0', async () => {
    const port = await freePort();
    await expect(startServer(dataDir, port, 60_000, { STORAGE_QUOTA_MB: 'lots' })).rejects.toThrow(
      /STORAGE_QUOTA_MB must be a number of megabytes above 0/,
    );
  });

  it('refuses to start with a count or a time that is not a whole number above 0, naming it', async () => {
    // Before, a typo became NaN and the platform started without the limit it was given.
    for (const [name, value] of [
      ['CONNECTIONS_PER_ADDRESS', 'lots'],
      ['IDLE_TIMEOUT_MS', '2.5'],
      ['SIGNUPS_PER_HOUR', '-1'],
    ] as const) {
      const port = await freePort();
      await expect(startServer(dataDir, port, 60_000, { [name]: value })).rejects.toThrow(
        `${name} must be a whole number above 0, not "${value}".`,
      );
    }
  });
});
