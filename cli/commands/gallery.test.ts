import { mkdtempSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { userHeaders } from '../../tests/server/helpers';
import { cliTestPlatform, runInMemory } from '../testing/cli-test-platform';
import { finished, spawnCli } from '../testing/spawn-cli';

// Each command makes several calls; a test of many commands for one user would meet the
// platform's 60 a minute and wait out its Retry-After. Rate limits have their own tests.
const shared = cliTestPlatform({ publicDir: path.resolve('ui/public'), rateLimit: false });

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
  return { env, cli, list, items: await list() };
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

  it('sets a favorite with `favorite` and clears it with `unfavorite`, each idempotent (real process)', async () => {
    const { env, list, items } = await userWithTwoCreations();
    const id = items[1]!.id;
    const real = (...args: string[]) => finished(spawnCli(args, env));
    const favorite = await real('gallery', 'favorite', id);
    expect(favorite).toMatchObject({ code: 0, out: `Added ${id} to your favorites.\n` });
    expect(await list('--favorites')).toEqual([expect.objectContaining({ id, isFavorite: true })]);
    // Again: still a favorite (it toggled back before).
    const again = await real('gallery', 'favorite', id, '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toEqual({ id, isFavorite: true });
    expect(await list('--favorites')).toEqual([expect.objectContaining({ id, isFavorite: true })]);
    const unfavorite = await real('gallery', 'unfavorite', id);
    expect(unfavorite).toMatchObject({ code: 0, out: `Removed ${id} from your favorites.\n` });
    expect(await list('--favorites')).toEqual([]);
    const twice = await real('gallery', 'unfavorite', id);
    expect(twice).toMatchObject({ code: 0, out: `${id} is already out of your favorites.\n` });
    expect(await list('--favorites')).toEqual([]);
  });

  it('filters the favorites', async () => {
    const { cli, list, items } = await userWithTwoCreations();
    expect((await cli(['gallery', 'list', '--favorites'])).out).toContain('No favorites yet');
    await cli(['gallery', 'favorite', items[0]!.id]);
    expect((await list('--favorites')).map((item) => item.id)).toEqual([items[0]!.id]);
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

  it.each([['favorite'], ['unfavorite'], ['delete', '--yes']])(
    'refuses an unknown id to `gallery %s` as bad input: exit 2, as README says (real process)',
    async (command, ...flags) => {
      const { env } = await shared.newUser();
      const result = await finished(spawnCli(['gallery', command, '42', ...flags], env));
      expect(result.code).toBe(2);
      expect(result.err).toContain('No creation with id 42.');
      expect(result.err).toContain('`pawloween gallery list` shows the ids.');
    },
  );

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
