// Issue 32: a charge was kept after a crash (killing the server 1.5 s into a costume run kept the
// charge after restart although the client never got an answer, and the run's partial files
// stayed). The real server process and the real workflow, killed with SIGKILL mid-run, restarted
// on the same DATA_DIR: the charge is given back and nothing the run left behind stays.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { DEFAULT_PRICING } from '../../mock-server/billing/plans';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-run-crash-'));
const filesDir = path.join(dataDir, 'files');
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const runFolders = () =>
  existsSync(filesDir) ? readdirSync(filesDir).filter((name) => /^[0-9a-f-]{36}$/.test(name)) : [];

async function remaining(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/subscriptions/usage`, {
    headers: { 'x-sub-dev-access-token': token },
  });
  const body = (await response.json()) as {
    credits: { userBalance: { remainingCredits: number } };
  };
  return body.credits.userBalance.remainingCredits;
}

function startRun(baseUrl: string, token: string, stream: boolean) {
  return fetch(`${baseUrl}/v1/run`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sub-dev-access-token': token,
      ...(stream ? { accept: 'text/event-stream' } : {}),
    },
    body: JSON.stringify({
      model: COSTUME_WORKFLOW_ID,
      input: {
        upload_your_pets_photo: `${baseUrl}/presets/pets/dog1.png`,
        upload_costume_character: `${baseUrl}/presets/costumes/vampire.png`,
      },
      stream,
    }),
  });
}

// Bounds that catch a run that never writes or a platform that never comes back: under a load of
// 20 on 2 cores a costume run took over 60 s to write its first files.
const HANG = 240_000;
const until = async (what: string, check: () => boolean, timeoutMs = HANG) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('a costume run cut off by a crash', () => {
  it(
    'unanswered: refunded in full at the next start, its files removed',
    async () => {
      const port = await freePort();
      server = await startServer(dataDir, port);
      const token = await signInOverHttp(server.baseUrl, 'crash-run@example.com');
      const before = await remaining(server.baseUrl, token);
      const answer = startRun(server.baseUrl, token, false).catch((error: unknown) => error);
      // The run has started writing (its folder exists): the server dies before it answers.
      await until('the run to write its files', () => runFolders().length > 0);
      server.child.kill('SIGKILL');
      await server.stop();
      expect(await answer).toBeInstanceOf(Error);
      expect(runFolders()).toHaveLength(1);

      server = await startServer(dataDir, port);
      expect(await remaining(server.baseUrl, token)).toBe(before);
      expect(runFolders()).toEqual([]);
      await server.stop();
    },
    2 * HANG,
  );

  it(
    'streamed, after its image reached the caller: the image stays charged and kept, the video refunded and its partial files removed',
    async () => {
      const port = await freePort();
      server = await startServer(dataDir, port);
      const token = await signInOverHttp(server.baseUrl, 'crash-stream@example.com');
      const before = await remaining(server.baseUrl, token);
      const response = await startRun(server.baseUrl, token, true);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let text = '';
      // The first event holds the run's id alone, the next its image.
      while (!text.includes('image_output')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before the image: ${text}`);
        text += Buffer.from(value).toString();
      }
      const image = /\\"image\\":\\"([^\\]+)\\"/.exec(text)![1]!;
      server.child.kill('SIGKILL');
      await server.stop();
      const [folder] = runFolders().filter((name) =>
        readdirSync(path.join(filesDir, name)).some((file) => file.endsWith('.png')),
      );
      expect(folder).toBeDefined();

      server = await startServer(dataDir, port);
      const charged = before - (await remaining(server.baseUrl, token));
      expect(charged).toBeCloseTo(DEFAULT_PRICING.imageCents / 100, 5);
      expect(readdirSync(path.join(filesDir, folder!))).toEqual([path.basename(image)]);
    },
    2 * HANG,
  );
});
