// The client's file inputs against the real local platform: bytes, a Blob, a File from toFile and
// a file: URL reach the costume workflow as the data: URLs it takes, and it runs.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient, toFile } from '../../adapters/platform/src/index';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { PNG_BYTES, signIn, stubRenderer, testApp, type TestApp } from './helpers';

let t: TestApp;
let client: PlatformClient;
let dir: string;

beforeAll(async () => {
  t = await testApp({ renderCostume: stubRenderer });
  const accessToken = await signIn(t.app);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.server.on('request', (request: { url?: string }) => {
    if (request.url?.startsWith('/v1/run')) runCalls++;
  });
  client = new PlatformClient({ baseUrl, accessToken, maxRetries: 0 });
  dir = mkdtempSync(path.join(tmpdir(), 'pawloween-uploads-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The platform's run calls that arrived, counted by the server itself. */
let runCalls = 0;

const outputKeys = (output: unknown[] | undefined) =>
  (output ?? []).flatMap((entry) => Object.keys(entry as object)).sort();

describe('a run takes files where the platform expects images', () => {
  it('a Node Buffer and a Blob', async () => {
    const result = await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input: { upload_your_pets_photo: PNG_BYTES, upload_costume_character: new Blob([PNG_BYTES]) },
    });
    expect(outputKeys(result.output)).toEqual(['image_output', 'video_output']);
  });

  it('a file path through toFile, and a file: URL', async () => {
    const file = path.join(dir, 'pet.png');
    writeFileSync(file, PNG_BYTES);
    const pet = await toFile(file);
    expect(pet).toMatchObject({ name: 'pet.png', type: 'image/png', size: PNG_BYTES.length });
    const result = await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input: { upload_your_pets_photo: pet, upload_costume_character: pathToFileURL(file) },
    });
    expect(outputKeys(result.output)).toEqual(['image_output', 'video_output']);
  });

  it('refuses an image over the 10 MB limit before sending it, naming the field', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    await expect(
      client.run.create({
        model: COSTUME_WORKFLOW_ID,
        input: { upload_your_pets_photo: big, upload_costume_character: PNG_BYTES },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('upload_your_pets_photo is larger than 10 MB'),
    });
  });

  it('refuses a .png that is a symlink to a text file (as a file: URL and through toFile), sending nothing', async () => {
    const secret = path.join(dir, 'notes.txt');
    writeFileSync(secret, 'my ssh passphrase is hunter2\n');
    const link = path.join(dir, 'cat.png');
    symlinkSync(secret, link);
    const before = runCalls;
    for (const pet of [pathToFileURL(link), await toFile(link)]) {
      await expect(
        client.run.create({
          model: COSTUME_WORKFLOW_ID,
          input: { upload_your_pets_photo: pet, upload_costume_character: PNG_BYTES },
        }),
      ).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining(
          'upload_your_pets_photo (cat.png) is not an image the platform takes: its bytes are not PNG, JPEG, GIF or WebP',
        ),
      });
    }
    expect(runCalls).toBe(before);
  });
});
