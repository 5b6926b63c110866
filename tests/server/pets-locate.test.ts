import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FACE_INPUT } from '../../domain/model/face-point';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import {
  anonymousHeaders,
  costumeRun,
  PNG_DATA_URL,
  postRun,
  signIn,
  stubRenderer,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

// POST /v1/pets/locate (issue 39): an app asks, before the run, whether the workflow's locator is
// sure of the pet's head in a photo; the run then carries the owner's face point to the workflow.

let t: TestApp | undefined;
afterEach(() => t?.close());

const HELD_OUT = path.resolve('tests/fixtures/photos-held-out');
const photoUrl = async (file: string) =>
  `data:image/jpeg;base64,${(await readFile(path.join(HELD_OUT, file))).toString('base64')}`;

/** POST /v1/pets/locate of this image, as the caller these headers make (none: no token at all). */
const locate = (image: string, headers?: Record<string, string>) =>
  t!.app.inject({ method: 'POST', url: '/v1/pets/locate', headers, payload: { image } });

describe('POST /v1/pets/locate', () => {
  it('says the locator is unsure of a dog small in a forest and sure of a cat on a roof', async () => {
    t = await testApp({ locatePet: undefined });
    const token = await signIn(t.app);
    const locatePhoto = async (file: string) => locate(await photoUrl(file), userHeaders(token));

    const unsure = await locatePhoto('black-dog-in-forest.jpg');
    expect(unsure.statusCode).toBe(200);
    expect(unsure.json()).toMatchObject({ width: 800, height: 532, sure: false });

    const sure = await locatePhoto('black-white-cat-on-roof.jpg');
    expect(sure.json()).toMatchObject({ width: 512, height: 512, sure: true });
    const { head } = sure.json() as { head: { x: number; y: number; w: number; h: number } };
    // The labelled head’s centre (336, 181 of 512) lies in the answered head.
    expect(head.x).toBeLessThan(336 / 512);
    expect(head.x + head.w).toBeGreaterThan(336 / 512);
    expect(head.y).toBeLessThan(181 / 512);
    expect(head.y + head.h).toBeGreaterThan(181 / 512);
  }, 120_000);

  it('refuses what is not a photo (400) and a caller without a token (401)', async () => {
    t = await testApp();
    const token = await signIn(t.app);
    const notAPhoto = await locate('data:image/png;base64,aGVsbG8=', userHeaders(token));
    expect(notAPhoto.statusCode).toBe(400);
    const aUrl = await locate('https://example.com/cat.jpg', userHeaders(token));
    expect(aUrl.statusCode).toBe(400);
    const nobody = await locate(PNG_DATA_URL);
    expect(nobody.statusCode).toBe(401);
    const anonymous = await locate(PNG_DATA_URL, anonymousHeaders);
    expect(anonymous.statusCode).toBe(200);
  });
});

describe('the costume workflow’s face point', () => {
  it('reaches the workflow as fractions of the photo; a point off the photo is refused', async () => {
    const faces: unknown[] = [];
    const render: CostumeRenderer = (job) => {
      faces.push(job.face);
      return stubRenderer(job);
    };
    t = await testApp({ renderCostume: render });
    const token = await signIn(t.app);
    const run = costumeRun();
    const withFace = { ...run, input: { ...run.input, [FACE_INPUT]: { x: 0.45, y: 0.37 } } };
    expect((await postRun(t.app, token, withFace)).statusCode).toBe(200);
    expect((await postRun(t.app, token, run)).statusCode).toBe(200);
    expect(faces).toEqual([{ x: 0.45, y: 0.37 }, undefined]);

    const offPhoto = { ...run, input: { ...run.input, [FACE_INPUT]: { x: 120, y: 80 } } };
    const refused = await postRun(t.app, token, offPhoto);
    expect(refused.statusCode).toBe(400);
    expect(faces).toHaveLength(2);
  });
});
