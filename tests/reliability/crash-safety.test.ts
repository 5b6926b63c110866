// Crash safety (issue 12): the real server, killed with SIGKILL in the middle of 200 storage writes,
// restarts with every acknowledged write present and an intact database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp as signIn } from './support/sign-in-over-http';

const USERS = 5;
const WRITES = 200;
const KILL_AFTER = 100;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-crash-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each write holds the user's whole history so far, so the stored object tells which writes it has. */
const sessionOf = (counts: number[]) => ({
  history: counts,
  padding: 'x'.repeat(2_000),
});

async function put(baseUrl: string, token: string, counts: number[]): Promise<boolean> {
  const response = await fetch(`${baseUrl}/v1/storage?appVersion=1`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
    body: JSON.stringify({ sessionData: sessionOf(counts) }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.text();
  if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
  return true;
}

async function read(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/v1/storage`, {
    headers: { 'x-sub-dev-access-token': token },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionData: { history?: number[] } }).sessionData;
}

describe('crash safety', () => {
  it('keeps every acknowledged write across SIGKILL, and the database passes integrity_check', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    const { baseUrl } = server;
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, i) => signIn(baseUrl, `crash${i}@example.com`)),
    );
    // acknowledged[u] = the writes of user u the server answered 200 to.
    const acknowledged = tokens.map(() => [] as number[]);
    let started = 0;
    let killed = false;

    // Five users write in parallel; the server dies once half the writes are acknowledged.
    const writer = async (user: number) => {
      const token = tokens[user]!;
      while (started < WRITES && !killed) {
        const n = started++;
        const counts = [...acknowledged[user]!, n];
        const ok = await put(baseUrl, token, counts).catch(() => false);
        if (ok) acknowledged[user]!.push(n);
        const total = acknowledged.reduce((sum, list) => sum + list.length, 0);
        if (total >= KILL_AFTER && !killed) {
          killed = true;
          server!.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(tokens.map((_, user) => writer(user)));
    await server.stop('SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');
    const acknowledgedCount = acknowledged.reduce((sum, list) => sum + list.length, 0);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(KILL_AFTER);

    server = await startServer(dataDir, port);
    // Tokens signed before the crash still work: the signing secret is on disk too.
    for (const [user, token] of tokens.entries()) {
      const { history = [] } = await read(baseUrl, token);
      const mine = acknowledged[user]!;
      // Every acknowledged write is there; at most one unacknowledged write (in flight at the kill) beyond.
      expect(history.slice(0, mine.length)).toEqual(mine);
      expect(history.length - mine.length).toBeLessThanOrEqual(1);
    }

    // The rest of the 200 writes go through on the restarted server.
    for (let n = started; n < WRITES; n++) {
      const user = n % USERS;
      const { history = [] } = await read(baseUrl, tokens[user]!);
      await put(baseUrl, tokens[user]!, [...history, n]);
    }
    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);

    const db = new Database(path.join(dataDir, 'pawloween.db'));
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const rows = db.prepare('SELECT data FROM storage').all() as { data: string }[];
      expect(rows).toHaveLength(USERS);
      for (const row of rows) expect(() => JSON.parse(row.data)).not.toThrow();
    } finally {
      db.close();
    }
  }, 180_000);
});
