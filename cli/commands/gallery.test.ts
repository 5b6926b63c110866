import { mkdtempSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { userHeaders } from '../../tests/server/helpers';
import { cliTestPlatform, runInMemory } from '../testing/cli-test-platform';

const shared = cliTestPlatform({ publicDir: path.resolve('ui/public') });

interface Item {
  id: string;
  isFavorite: boolean;
  videoUrl: string;
}

/** A new user with two creations, newest first. */
async function userWithTwoCreations() {
  const { env } = await shared.newUser();
  const cli = (args: string[], options: Parameters<typeof runInMemory>[2] = {}) =>
    runInMemory(env, args, options);
  const out = mkdtempSync(path.join(shared.home, 'gen-'));
  for (const costume of ['vampire', 'witch'])
    expect(
      (await cli(['generate', '--pet', 'dog1', '--costume', costume, '--out', out])).code,
    ).toBe(0);
  const list = async (...flags: string[]) =>
    JSON.parse((await cli(['gallery', 'list', '--json', ...flags])).out) as Item[];
  return { cli, list, items: await list() };
}

describe('pawloween gallery', () => {
  it('lists newest first, as a table or JSON', async () => {
    const { cli, items } = await userWithTwoCreations();
    expect(items).toHaveLength(2);
    expect(Number(items[0]!.id)).toBeGreaterThan(Number(items[1]!.id));
    const table = await cli(['gallery', 'list']);
    expect(table.out.indexOf(items[0]!.id)).toBeLessThan(table.out.indexOf(items[1]!.id));
    expect(table.out).toContain('All (2)  Favorites (0)');
  });

  it('toggles a favorite and filters the favorites', async () => {
    const { cli, list, items } = await userWithTwoCreations();
    const id = items[1]!.id;
    const favorite = await cli(['gallery', 'favorite', id]);
    expect(favorite.code).toBe(0);
    expect(favorite.out).toContain(`Added ${id} to your favorites.`);
    expect(await list('--favorites')).toEqual([expect.objectContaining({ id, isFavorite: true })]);
    expect((await cli(['gallery', 'favorite', id])).out).toContain('Removed');
    expect(await list('--favorites')).toEqual([]);
    expect((await cli(['gallery', 'list', '--favorites'])).out).toContain('No favorites yet');
  });

  it('deletes with --yes, and refuses without it when nobody can confirm', async () => {
    const { cli, list, items } = await userWithTwoCreations();
    const [newest, oldest] = items as [Item, Item];
    const refused = await cli(['gallery', 'delete', newest.id]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--yes');
    expect(await list()).toHaveLength(2);
    expect((await cli(['gallery', 'delete', newest.id, '--yes'])).code).toBe(0);
    expect((await list()).map((item) => item.id)).toEqual([oldest.id]);
  });

  it('asks at a terminal and keeps the creation when the answer is no', async () => {
    const { cli, list, items } = await userWithTwoCreations();
    const id = items[0]!.id;
    const kept = await cli(['gallery', 'delete', id], { interactive: true, answers: [false] });
    expect(kept.questions).toEqual([`Delete creation ${id}? This cannot be undone.`]);
    expect(await list()).toHaveLength(2);
    await cli(['gallery', 'delete', id], { interactive: true, answers: [true] });
    expect((await list()).map((item) => item.id)).not.toContain(id);
  });

  it('fails on an unknown id', async () => {
    const { cli } = await userWithTwoCreations();
    const result = await cli(['gallery', 'favorite', '42']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('No creation with id 42.');
  });

  it('exports every image and video under the download names', async () => {
    const { cli, items } = await userWithTwoCreations();
    const dir = path.join(shared.home, `export-${Date.now()}`);
    const result = await cli(['gallery', 'export', dir]);
    expect(result.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(
      items
        .flatMap((item) => [`pawloween-image-${item.id}.png`, `pawloween-video-${item.id}.mp4`])
        .sort(),
    );
  });

  it('shows the empty state for a new user', async () => {
    const { cli } = await shared.newUser();
    const result = await cli('gallery', 'list');
    expect(result.code).toBe(0);
    expect(result.out).toContain('No creations yet');
    expect(result.out).toContain('Generate your first Halloween pet costume to see it here!');
  });

  it('never drops nor changes the stored items it cannot read', async () => {
    const { token, cli } = await shared.newUser();
    const storage = (method: 'GET' | 'PUT', sessionData?: unknown) =>
      shared.platform.app.inject({
        method,
        url: '/v1/storage?appVersion=1',
        headers: userHeaders(token),
        ...(sessionData ? { payload: { sessionData } } : {}),
      });
    const item = (id: string) => ({
      id,
      timestamp: Number(id),
      imageUrl: `/files/x/${id}.png`,
      videoUrl: '',
      isFavorite: false,
    });
    const fromLaterVersion = { v: 2, id: '15', media: [{ url: '/files/x/15.png' }] };
    const put = await storage('PUT', {
      'pet-gallery': [item('20'), fromLaterVersion, item('10'), 'bad write'],
    });
    expect(put.statusCode).toBe(200);
    expect((await cli('gallery', 'favorite', '20')).code).toBe(0);
    expect((await cli('gallery', 'delete', '10', '--yes')).code).toBe(0);
    const list = await cli('gallery', 'list', '--json');
    const listed = JSON.parse(list.out) as Item[];
    expect(listed.map((entry) => entry.id)).toEqual(['20']);
    expect(list.err).toContain(
      '2 stored items from another version of the app are kept but not listed.',
    );
    expect((await storage('GET')).json().sessionData['pet-gallery']).toEqual([
      { ...item('20'), isFavorite: true },
      fromLaterVersion,
      'bad write',
    ]);
  });
});
