import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_RETENTION_MS } from '../../mock-server/store/file-retention';
import { postRun, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('generated files no gallery names', () => {
  it('are removed after their retention; files a gallery names stay, until the item is deleted', async () => {
    let now = Date.UTC(2025, 9, 31, 20);
    t = await testApp({ now: () => now });
    const { app } = t;
    let token = await signIn(app);
    const imageOf = async () =>
      new URL((await postRun(app, token)).json().output[0].image_output.image).pathname;
    const kept = await imageOf();
    const dropped = await imageOf();
    const saveGallery = (images: string[]) =>
      app.inject({
        method: 'PUT',
        url: '/v1/storage?appVersion=1',
        headers: userHeaders(token),
        payload: { sessionData: { 'pet-gallery': images.map((image) => ({ image })) } },
      });
    await saveGallery([kept]);
    const folderOf = (url: string) => path.join(app.platform.filesDir, url.split('/')[2]!);

    now += FILE_RETENTION_MS - 60_000;
    expect(await app.platform.fileRetention.sweep()).toEqual([]);

    now += 120_000;
    await app.platform.fileRetention.sweep();
    expect(existsSync(folderOf(kept))).toBe(true);
    expect(existsSync(folderOf(dropped))).toBe(false);
    expect((await app.inject(dropped)).statusCode).toBe(404);
    expect((await app.inject(kept)).statusCode).toBe(200);

    // A day later: the token of the day before has expired.
    token = await signIn(app);
    expect((await saveGallery([])).statusCode).toBe(200);
    await app.platform.fileRetention.sweep();
    expect(existsSync(folderOf(kept))).toBe(false);
  });

  it('a gallery item deleted takes its files at once; another user’s files are never touched', async () => {
    t = await testApp();
    const { app } = t;
    const owner = await signIn(app, 'owner@example.com');
    const other = await signIn(app, 'other@example.com');
    const imageOf = async () =>
      new URL((await postRun(app, owner)).json().output[0].image_output.image).pathname;
    const [first, second] = [await imageOf(), await imageOf()];
    const save = (token: string, images: string[]) =>
      app.inject({
        method: 'PUT',
        url: '/v1/storage?appVersion=1',
        headers: userHeaders(token),
        payload: { sessionData: { 'pet-gallery': images.map((image) => ({ image })) } },
      });
    const folderOf = (url: string) => path.join(app.platform.filesDir, url.split('/')[2]!);
    // Someone else naming the owner's file, then dropping it, removes nothing of the owner's.
    await save(other, [first]);
    await save(other, []);
    await save(owner, [first, second]);
    await save(owner, [first]);
    await expect.poll(() => existsSync(folderOf(second))).toBe(false);
    expect(existsSync(folderOf(first))).toBe(true);
    expect((await app.inject(second)).statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: '/v1/storage', headers: userHeaders(owner) });
    await expect.poll(() => existsSync(folderOf(first))).toBe(false);
  });
});
