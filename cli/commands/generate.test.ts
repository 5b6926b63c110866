import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESET_PETS } from '../../domain/model/presets';
import { armFault, PNG_BYTES } from '../../tests/server/helpers';
import { cliTestPlatform, runInMemory } from '../testing/cli-test-platform';
import { generateArgs } from '../testing/generate-args';
import { noisyPhoto } from '../testing/photos';

const shared = cliTestPlatform({ faults: true, publicDir: path.resolve('ui/public') });
const user = () => shared.newUser();
const fault = (next: string) => armFault(shared.platform.app, { next });
/** `generate --pet dog1 --costume vampire --out <a new folder>`, plus extra arguments. */
const generateDog = <R>(cli: (...args: string[]) => Promise<R>, ...extra: string[]) =>
  cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', outDir(), ...extra);
const outDir = () => mkdtempSync(path.join(shared.home, 'out-'));

/** Leaves the user `cents` of credits, as if they had been spent on earlier runs. */
function spendAllBut(token: string, cents: number): void {
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const { accounts } = shared.platform.app.platform;
  const row = accounts.users.userById(sub)!;
  accounts.credits.reserve(sub, row.project_id, row.allocated_cents - row.used_cents - cents);
}

describe('pawloween generate', () => {
  it('writes the image and the video under the app download names and adds the item to the gallery', async () => {
    const { cli } = await user();
    const out = outDir();
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out);
    expect(result.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual([
      expect.stringMatching(/^pawloween-image-\d+\.png$/),
      expect.stringMatching(/^pawloween-video-\d+\.mp4$/),
    ]);
    const id = /pawloween-image-(\d+)\.png/.exec(files[0]!)![1];
    expect(readFileSync(path.join(out, files[0]!)).subarray(1, 4).toString()).toBe('PNG');
    expect(result.out).toContain(path.join(out, `pawloween-image-${id}.png`));

    const list = await cli('gallery', 'list', '--json');
    const items = JSON.parse(list.out) as { id: string; isFavorite: boolean }[];
    expect(items).toEqual([expect.objectContaining({ id, isFavorite: false })]);
  });

  it('prints one JSON object with --json', async () => {
    const { cli } = await user();
    const result = await cli(
      'generate',
      '--pet',
      'cat1',
      '--costume',
      'witch',
      '--out',
      outDir(),
      '--json',
    );
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.out);
    expect(printed).toMatchObject({ isFavorite: false, synced: true });
    expect(printed.imageFile).toMatch(/pawloween-image-\d+\.png$/);
    expect(printed.videoFile).toMatch(/pawloween-video-\d+\.mp4$/);
  });

  it('takes an image file for the pet next to a preset costume', async () => {
    const { cli } = await user();
    const photo = path.join(shared.home, 'my-pet.png');
    writeFileSync(photo, PNG_BYTES);
    const result = await cli('generate', '--pet', photo, '--costume', 'ghost', '--out', outDir());
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/pawloween-video-\d+\.mp4/);
  });

  it('names an unknown preset id and lists the valid ones, without spending credits', async () => {
    const { cli } = await user();
    const result = await cli('generate', '--pet', 'nosuchpet', '--costume', 'vampire');
    expect(result.code).toBe(2);
    expect(result.err).toContain("Unknown pet preset 'nosuchpet'");
    for (const preset of PRESET_PETS) expect(result.err).toContain(preset.id);
    const usage = await cli('usage', '--json');
    expect(JSON.parse(usage.out).usedCredits).toBe(0);
  });

  it('names the missing input, and that it takes a preset id or an image file', async () => {
    const { cli } = await user();
    const photo = path.join(shared.home, 'pet.png');
    writeFileSync(photo, PNG_BYTES);
    for (const [args, said] of [
      [['--pet', 'dog1'], 'generate needs --costume too: a preset costume id or an image file.'],
      [['--pet', photo], 'generate needs --costume too: a preset costume id or an image file.'],
      [['--costume', 'vampire'], 'generate needs --pet too: a preset pet id or an image file.'],
      [[], 'generate needs --pet and --costume: each a preset id or an image file.'],
    ] as const) {
      const result = await cli('generate', ...args);
      expect(result.code).toBe(2);
      expect(result.err).toContain(`Error: ${said}`);
      expect(result.err).toContain('`pawloween presets` lists the ids');
      expect(result.err).not.toContain('from the presets');
    }
  });

  it('refuses a file that is not an image with the app message, naming the file and what it is', async () => {
    const { cli } = await user();
    const notes = path.join(shared.home, 'notes.jpg');
    writeFileSync(notes, 'not a picture');
    const result = await cli('generate', '--pet', notes, '--costume', 'vampire');
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      `"${notes}" is a text file, not a picture. Save it as JPEG or PNG and try again.`,
    );
  });

  it('takes a 15 MB phone photo for the pet next to a preset costume', async () => {
    const { cli } = await user();
    const photo = path.join(shared.home, 'rex.jpg');
    writeFileSync(photo, await noisyPhoto());
    const result = await cli('generate', '--pet', photo, '--costume', 'witch', '--out', outDir());
    expect(result.err).not.toMatch(/larger than/);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/pawloween-image-\d+\.png/);
  }, 60_000);

  it('exits 4 with the Insufficient Credits title, a terminal action and the request id when out of credits', async () => {
    const { cli, token } = await user();
    spendAllBut(token, 20);
    const result = await generateDog(cli);
    expect(result.code).toBe(4);
    expect(result.err).toContain('Error: Insufficient Credits');
    expect(result.err).toContain('You have $0.20 in credits but need $0.50 to run this workflow.');
    expect(result.err).toContain('Next: Add credits: `pawloween plan --open`');
    expect(result.err).toMatch(/Request id: [0-9a-f-]{36}/);
    expect(result.err).not.toMatch(/unexpected error|UNKNOWN_ERROR|contact support/i);
  });

  it('names the same out-of-credits answer when the platform refuses before the run (fault 402)', async () => {
    const { cli } = await user();
    await fault('402');
    const result = await generateDog(cli);
    expect(result.code).toBe(4);
    expect(result.err).toContain('Error: Insufficient Credits');
    expect(result.err).not.toMatch(/unexpected error/i);
  });

  it('keeps the image and exits 1 with the video card when only the video fails', async () => {
    const { cli } = await user();
    await fault('video-fail');
    const out = outDir();
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', out);
    expect(result.code).toBe(1);
    expect(readdirSync(out)).toEqual([expect.stringMatching(/^pawloween-image-\d+\.png$/)]);
    expect(result.err).toContain('Video generation failed');
    const items = JSON.parse((await cli('gallery', 'list', '--json')).out);
    expect(items).toEqual([expect.objectContaining({ videoUrl: null })]);
  });

  it('exits 3 when no token is given or saved', async () => {
    const result = await runInMemory(
      { PAWLOWEEN_BASE_URL: shared.platform.baseUrl, XDG_CONFIG_HOME: shared.home },
      ['generate', '--pet', 'dog1', '--costume', 'vampire'],
    );
    expect(result.code).toBe(3);
    expect(result.err).toContain('pawloween login');
  });

  it('exits 3 when the platform refuses the token', async () => {
    const env = {
      PAWLOWEEN_BASE_URL: shared.platform.baseUrl,
      XDG_CONFIG_HOME: shared.home,
      PAWLOWEEN_TOKEN: forgedToken(),
    };
    expect((await runInMemory(env, ['gallery', 'list'])).code).toBe(3);
  });
});

/** Well-formed and unexpired, but not signed by this platform. */
function forgedToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u_forged', email: 'x@example.com', exp })}.c2lnbmF0dXJl`;
}

describe('pawloween generate checks before spending', () => {
  it('refuses --out naming a file (2) and spends nothing', async () => {
    const { cli } = await user();
    const file = path.join(outDir(), 'costume.png');
    writeFileSync(file, 'already here');
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', file);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`--out ${file} is a file, not a folder.`);
    expect(result.err).not.toContain('EEXIST');
    expect(JSON.parse((await cli('usage', '--json')).out).usedCredits).toBe(0);
    expect(JSON.parse((await cli('gallery', 'list', '--json')).out)).toEqual([]);
  });

  it('refuses an --out it may not write into (2) and spends nothing', async () => {
    const { cli } = await user();
    const result = await cli('generate', '--pet', 'dog1', '--costume', 'vampire', '--out', '/sys');
    expect(result.code).toBe(2);
    expect(result.err).toContain('Cannot write into --out /sys');
    expect(JSON.parse((await cli('usage', '--json')).out).usedCredits).toBe(0);
  });

  it('refuses a token the platform rejects (3) before the run', async () => {
    const { env } = await user();
    const result = await runInMemory(
      { ...env, PAWLOWEEN_TOKEN: forgedToken() },
      generateArgs(outDir()),
    );
    expect(result.code).toBe(3);
    expect(JSON.parse((await runInMemory(env, ['usage', '--json'])).out).usedCredits).toBe(0);
  });
});
