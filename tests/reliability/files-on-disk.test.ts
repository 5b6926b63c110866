// What the real server process leaves on disk (issue 32): after a start and a costume run, the data
// folder is its owner's alone (database, WAL and SHM, signing secret, every generated file and
// folder), and a file still being written (<name>.<pid>.part) is never served.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';

const parent = mkdtempSync(path.join(tmpdir(), 'pawloween-files-'));
// Made by the server itself, under the usual umask (022) of whoever starts it.
const dataDir = path.join(parent, 'data');
let server: ServerProcess;
let token: string;

beforeAll(async () => {
  server = await startServer(dataDir, await freePort());
  token = await signInOverHttp(server.baseUrl, 'files@example.com');
});

afterAll(async () => {
  await stopStartedServers();
  rmSync(parent, { recursive: true, force: true });
});

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every file and folder under dir, dir included. */
function walk(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    }),
  ];
}

async function costumeRun(): Promise<{ image: string; video: string }> {
  const response = await fetch(`${server.baseUrl}/v1/run`, {
    method: 'POST',
    headers: { 'x-sub-dev-access-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: COSTUME_WORKFLOW_ID,
      input: {
        upload_your_pets_photo: '/presets/pets/dog1.png',
        upload_costume_character: '/presets/costumes/vampire.png',
      },
    }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const image = /"image":"([^"]+\.png)"/.exec(text)?.[1];
  const video = /"video":"([^"]+\.mp4)"/.exec(text)?.[1];
  if (!image || !video) throw new Error(`no image and video in ${text.slice(0, 300)}`);
  return { image, video };
}

describe('the data folder after a start and a run', () => {
  let outputs: { image: string; video: string };
  beforeAll(async () => {
    outputs = await costumeRun();
  }, 120_000);

  it('the database, its WAL and SHM, the signing secret and every generated file are 0600, every folder 0700', () => {
    for (const name of ['pawloween.db', 'pawloween.db-wal', 'pawloween.db-shm', 'signing-secret'])
      expect(existsSync(path.join(dataDir, name)), name).toBe(true);
    const entries = walk(dataDir);
    const generated = entries.filter((entry) => /\.(png|mp4)$/.test(entry));
    expect(generated.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries)
      expect(`${path.relative(dataDir, entry) || '.'} ${modeOf(entry)}`).toBe(
        `${path.relative(dataDir, entry) || '.'} ${statSync(entry).isDirectory() ? '700' : '600'}`,
      );
  });

  it('a half-written file is a 404, the finished one beside it a 200', async () => {
    const video = new URL(outputs.video);
    const folder = path.join(
      dataDir,
      'files',
      path.dirname(video.pathname.replace(/^\/files\//, '')),
    );
    mkdirSync(folder, { recursive: true });
    const partial = `${path.basename(video.pathname)}.4242.part`;
    writeFileSync(path.join(folder, partial), Buffer.alloc(4096, 1));
    const base = `${server.baseUrl}${path.posix.dirname(video.pathname)}`;
    for (const name of [partial, partial.replace('.part', '%2Epart')]) {
      const answer = await fetch(`${base}/${name}`);
      expect(answer.status, name).toBe(404);
      await answer.arrayBuffer();
    }
    const finished = await fetch(`${server.baseUrl}${video.pathname}`);
    expect(finished.status).toBe(200);
    await finished.arrayBuffer();
  });
});
