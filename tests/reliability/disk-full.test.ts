// A full disk (issue 17): the real server process on a small tmpfs that the test fills. A storage
// write is acknowledged only when it is durable: after freeing the disk and restarting, the stored
// object is the last acknowledged one, and no ETag ever named two different contents.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';

const asRoot = process.getuid?.() === 0;
if (!asRoot) console.log('disk-full test skipped: mounting a tmpfs needs root (CI runs as root)');

const mountPoint = mkdtempSync(path.join(tmpdir(), 'pawloween-full-'));
const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');
let server: ServerProcess | undefined;
let mounted = false;

beforeAll(() => {
  if (!asRoot) return;
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]);
  mounted = true;
});

afterAll(async () => {
  await stopStartedServers();
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes the rest of the filesystem full. */
function fillDisk() {
  const block = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  try {
    for (;;) {
      writeFileSync(filler, block, { flag: written === 0 ? 'w' : 'a' });
      written++;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

describe.runIf(asRoot)('storage on a full disk', () => {
  it('acknowledges only durable writes: after a restart the object is the last acknowledged, and each ETag names one content', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    const token = await signInOverHttp(server.baseUrl, 'full@example.com');
    const put = async (round: number) => {
      const response = await fetch(`${server!.baseUrl}/v1/storage?appVersion=1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
        // Distinct, incompressible-ish content per round, so every write needs new pages.
        body: JSON.stringify({
          sessionData: { round, padding: `${round}-`.repeat(20_000) },
        }),
      });
      const body = (await response.json()) as { error?: { code?: string } };
      return { round, status: response.status, etag: response.headers.get('etag'), body };
    };

    const before = await put(0);
    expect(before.status).toBe(200);
    fillDisk();
    const answers = [];
    for (let round = 1; round <= 30; round++) answers.push(await put(round));

    const acknowledged = [before, ...answers.filter((answer) => answer.status === 200)];
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect([503, 507], JSON.stringify(refused.body)).toContain(refused.status);
      expect(typeof refused.body.error?.code).toBe('string');
    }
    // Never two contents under one ETag.
    const etags = acknowledged.map((answer) => answer.etag);
    expect(new Set(etags).size).toBe(etags.length);
    expect(answers.some((answer) => answer.status !== 200)).toBe(true);

    rmSync(filler);
    await server.stop('SIGTERM');
    server = await startServer(dataDir, port);
    const stored = await fetch(`${server.baseUrl}/v1/storage`, {
      headers: { 'x-sub-dev-access-token': token },
    });
    const last = acknowledged.at(-1)!;
    expect(stored.headers.get('etag')).toBe(last.etag);
    expect(((await stored.json()) as { sessionData: { round: number } }).sessionData.round).toBe(
      last.round,
    );
  }, 120_000);

  it('keeps no credit for a costume run that failed for want of disk, once there is room again', async () => {
    await server?.stop();
    const port = await freePort();
    server = await startServer(dataDir, port);
    const token = await signInOverHttp(server.baseUrl, 'runs@example.com');
    const headers = { 'content-type': 'application/json', 'x-sub-dev-access-token': token };
    const photo = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#a63' },
    })
      .png()
      .toBuffer();
    const image = `data:image/png;base64,${photo.toString('base64')}`;
    const usage = async () => {
      const response = await fetch(`${server!.baseUrl}/v1/subscriptions/usage`, { headers });
      return ((await response.json()) as { credits: { userBalance: { usedCredits: number } } })
        .credits.userBalance.usedCredits;
    };

    fillDisk();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.baseUrl}/v1/run`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: COSTUME_WORKFLOW_ID,
          input: { upload_your_pets_photo: image, upload_costume_character: image },
        }),
      });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses.some((status) => status >= 500)).toBe(true);
    const delivered = statuses.filter((status) => status === 200).length;

    rmSync(filler);
    // Refunds the full disk refused are owed and written once there is room (retried each second).
    await expect.poll(usage, { timeout: 10_000 }).toBe(delivered * 0.5);
    await server.stop('SIGTERM');
    server = await startServer(dataDir, port);
    expect(await usage()).toBe(delivered * 0.5);
  }, 120_000);
});
