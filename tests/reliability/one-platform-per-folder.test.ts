// Issue 41, item 4: two platforms on one data folder (two `pawloween serve` from the same folder)
// started without a word, and the second one's start-up refunded the first one's live runs and
// removed their files. Real server processes: the second refuses to start, naming the folder and
// the first one's pid, and the first keeps its run, its files and its charge; a lock left by a
// platform that is gone is taken over.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { LOCK_FILE } from '../../mock-server/store/data-dir-lock';
import {
  freePort,
  startServer,
  stopStartedServers,
  type ServerProcess,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';

let dataDir: string | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
  await stopStartedServers();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function started(folder: string): Promise<ServerProcess> {
  const server = await startServer(folder, await freePort());
  servers.push(server);
  return server;
}

const usedCredits = async (baseUrl: string, token: string) =>
  (
    (await (
      await fetch(`${baseUrl}/v1/subscriptions/usage`, {
        headers: { 'x-sub-dev-access-token': token },
      })
    ).json()) as { credits: { userBalance: { usedCredits: number } } }
  ).credits.userBalance.usedCredits;

describe('one data folder, one platform', () => {
  it("a second platform on a folder in use refuses to start, naming the folder and the first one's pid; the first keeps its run and charge", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-one-folder-'));
    const first = await started(dataDir);
    const token = await signInOverHttp(first.baseUrl, 'one-folder@example.com');
    expect(await usedCredits(first.baseUrl, token)).toBe(0);
    const answer = await fetch(`${first.baseUrl}/v1/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
      body: JSON.stringify({
        model: COSTUME_WORKFLOW_ID,
        input: {
          upload_your_pets_photo: `${first.baseUrl}/presets/pets/dog1.png`,
          upload_costume_character: `${first.baseUrl}/presets/costumes/vampire.png`,
        },
      }),
    });
    expect(answer.status).toBe(200);
    const [{ image_output, video_output }] = (await answer.json()).output;
    expect(await usedCredits(first.baseUrl, token)).toBe(0.5);

    const refused = await startServer(dataDir, await freePort()).then(
      (server) => {
        servers.push(server);
        return '';
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain(`The data folder ${dataDir} is in use`);
    expect(refused).toContain(`(process ${first.child.pid})`);

    expect(await usedCredits(first.baseUrl, token)).toBe(0.5);
    expect((await fetch(image_output.image)).status).toBe(200);
    expect((await fetch(video_output.video)).status).toBe(200);
  }, 120_000);

  it('a lock left by a platform that is gone is taken over, and given up when it stops', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-one-folder-'));
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const lock = path.join(dataDir, LOCK_FILE);
    writeFileSync(lock, `${gone.pid}@`);

    const server = await started(dataDir);
    expect(readFileSync(lock, 'utf8')).toMatch(new RegExp(`^${server.child.pid}@`));
    const token = await signInOverHttp(server.baseUrl, 'stale-lock@example.com');
    expect(await usedCredits(server.baseUrl, token)).toBe(0);
    await server.stop();
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
