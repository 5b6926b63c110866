import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/model/constants';
import { PlatformError } from '../http/platform-error';
import { resolveImage, type ImageSources } from './image-input';

// SPEC.md section 3: a workflow's image input is a base64 data URL or the URL of a preset image
// (or of this platform's own output file); anything else is a 400 that names the field.

const FIELD = 'petImage';
const OWN = 'http://127.0.0.1:8787';
let root: string;
let sources: ImageSources;
const images: Record<'png' | 'jpeg' | 'webp' | 'gif', Buffer> = {} as never;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pawloween-image-input-'));
  const tile = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } });
  images.png = await tile().png().toBuffer();
  images.jpeg = await tile().jpeg().toBuffer();
  images.webp = await tile().webp().toBuffer();
  images.gif = await tile().gif().toBuffer();
  const [built, shipped, files] = ['dist', 'public', 'files'].map((name) => path.join(root, name));
  for (const dir of [built!, shipped!])
    mkdirSync(path.join(dir, 'presets', 'pets'), { recursive: true });
  mkdirSync(path.join(files!, 'run-1'), { recursive: true });
  // The built app's copy wins over ui/public's; a preset only ui/public has is still found.
  writeFileSync(path.join(built!, 'presets/pets/dog1.png'), images.png);
  writeFileSync(path.join(shipped!, 'presets/pets/dog1.png'), 'stale copy, not an image');
  writeFileSync(path.join(shipped!, 'presets/pets/cat1.jpg'), images.jpeg);
  writeFileSync(path.join(built!, 'presets/pets/note.png'), 'text in a png name');
  writeFileSync(path.join(files!, 'run-1/image.png'), images.png);
  sources = { publicDirs: [built!, shipped!], filesDir: files!, ownOrigins: [OWN] };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataUrl = (mime: string, bytes: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** The 400 resolveImage answers for value: its message, with the field in its details. */
async function refusal(value: string, field = FIELD): Promise<string> {
  const error = await resolveImage(field, value, sources).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, value.slice(0, 60)).toBeInstanceOf(PlatformError);
  const platformError = error as PlatformError;
  expect(platformError.statusCode).toBe(400);
  expect(platformError.details).toEqual({ field });
  return platformError.message;
}

describe('resolveImage: data URLs', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)(
    'a %s image comes back as its bytes',
    async (kind) => {
      const bytes = await resolveImage(FIELD, dataUrl(`image/${kind}`, images[kind]), sources);
      expect(bytes.equals(images[kind])).toBe(true);
    },
  );

  it('takes the media type in any case and base64 wrapped over lines', async () => {
    const wrapped = images.png.toString('base64').replace(/.{1,20}/g, '$&\r\n ');
    const bytes = await resolveImage(FIELD, `data:IMAGE/PNG;base64,${wrapped}`, sources);
    expect(bytes.equals(images.png)).toBe(true);
  });

  it('refuses a data URL that is not base64, or has no data part', async () => {
    const message = `${FIELD} must be a base64 data URL.`;
    expect(await refusal(`data:image/png,${images.png.toString('base64')}`)).toBe(message);
    expect(await refusal('data:image/png;base64')).toBe(message);
    expect(await refusal(`data:;charset=utf-8,AAAA`)).toBe(message);
  });

  it('bounds the media type by length before splitting it: 256 characters at most', async () => {
    const message = `${FIELD} must be a base64 data URL.`;
    const payload = images.png.toString('base64');
    const padded = (extra: number) => `data:image/png${';x'.repeat(extra / 2)};base64,${payload}`;
    // "image/png;base64" and 240 more characters of parameters: 256 in all, still read.
    expect((await resolveImage(FIELD, padded(240), sources)).equals(images.png)).toBe(true);
    expect(await refusal(padded(242))).toBe(message);
    expect(await refusal(`data:image/png${';'.repeat(2_000_000)},AAAA`)).toBe(message);
    expect(await refusal(`data:image/png${';'.repeat(2_000_000)}`)).toBe(message);
  });

  it('refuses a payload past 10 MB of base64 and its line breaks before stripping or decoding it', async () => {
    const lines = `${'A'.repeat(76)}\r\n`.repeat(200_000); // 15.6 MB of text
    expect(await refusal(`data:image/png;base64,${lines}`)).toBe(`${FIELD} is larger than 10 MB.`);
  });

  it('refuses a media type that is not one of the four, and a missing one', async () => {
    const message = `${FIELD} must be a JPEG, PNG, WebP or GIF image.`;
    expect(await refusal(dataUrl('image/svg+xml', '<svg/>'))).toBe(message);
    expect(await refusal(`data:;base64,${images.png.toString('base64')}`)).toBe(message);
  });

  it('refuses bytes whose magic does not match any of the four, whatever the media type says', async () => {
    const message = `${FIELD} must be a JPEG, PNG, WebP or GIF image.`;
    const riffNotWebp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]);
    const webpWithoutRiff = Buffer.concat([Buffer.from('RIFX'), images.webp.subarray(4)]);
    const almostJpeg = [
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0xff, 0xd8, 0x00, 0xe0]),
      Buffer.from([0xff, 0x00, 0xff, 0xe0]),
      Buffer.from([0x00, 0xd8, 0xff, 0xe0]),
    ];
    for (const bytes of [
      Buffer.from('hello, not an image'),
      riffNotWebp,
      webpWithoutRiff,
      ...almostJpeg,
    ])
      expect(await refusal(dataUrl('image/png', bytes))).toBe(message);
  });

  it('refuses broken base64: empty, a length no encoder makes, characters outside the alphabet', async () => {
    const message = `${FIELD} has broken base64 data.`;
    for (const payload of ['', 'AAAAA', 'iVBO*w0K', 'iVBORw0K===='])
      expect(await refusal(`data:image/png;base64,${payload}`)).toBe(message);
  });

  it('takes exactly 10 MB and refuses a byte more', async () => {
    // A real PNG padded to the limit: decoders stop at its end.
    const exactly = Buffer.alloc(LIMITS.maxUploadBytes);
    images.png.copy(exactly);
    expect((await resolveImage(FIELD, dataUrl('image/png', exactly), sources)).length).toBe(
      LIMITS.maxUploadBytes,
    );
    // Whitespace in the base64 does not count against the limit.
    const spaced = dataUrl('image/png', exactly).replace(',', ',\n\n  ');
    expect((await resolveImage(FIELD, spaced, sources)).length).toBe(LIMITS.maxUploadBytes);

    const oneMore = Buffer.alloc(LIMITS.maxUploadBytes + 1);
    images.png.copy(oneMore);
    expect(await refusal(dataUrl('image/png', oneMore))).toBe(`${FIELD} is larger than 10 MB.`);
    // Far over: refused on the length of its text, before any of it is decoded.
    const farOver = `data:image/png;base64,${'A'.repeat(Math.ceil(LIMITS.maxUploadBytes / 3) * 4 + 4)}`;
    expect(await refusal(farOver)).toBe(`${FIELD} is larger than 10 MB.`);
  });

  it('an image with the right magic that does not decode is a 400 for that field, not a failed run', async () => {
    const gifHeaderOnly = Buffer.from('GIF89a, and nothing else');
    expect(await refusal(dataUrl('image/gif', gifHeaderOnly), 'costumeImage')).toMatch(
      /^costumeImage: not an image/,
    );
  });
});

describe('resolveImage: URLs of this platform', () => {
  it('reads a preset from the built app first, then from ui/public, ignoring ?query and #hash', async () => {
    expect(
      (await resolveImage(FIELD, '/presets/pets/dog1.png?v=3#x', sources)).equals(images.png),
    ).toBe(true);
    expect(
      (await resolveImage(FIELD, `${OWN}/presets/pets/cat1.jpg`, sources)).equals(images.jpeg),
    ).toBe(true);
  });

  it("reads this platform's own output files", async () => {
    expect(
      (await resolveImage(FIELD, `${OWN}/files/run-1/image.png`, sources)).equals(images.png),
    ).toBe(true);
    expect(await refusal('/files/run-2/image.png')).toBe(
      `${FIELD} names a preset image that does not exist.`,
    );
  });

  it('never fetches another host, including a protocol-relative URL', async () => {
    expect(await refusal('http://example.com/presets/pets/dog1.png')).toBe(
      `${FIELD} must be a data URL or an image of this platform; other hosts are not fetched.`,
    );
    expect(await refusal('//example.com/presets/pets/dog1.png')).toBe(
      `${FIELD} must be a data URL or a preset image URL.`,
    );
    expect(await refusal('not a url')).toBe(`${FIELD} must be a data URL or a preset image URL.`);
  });

  it("reads an app's preset from its own copy when the app is deployed on an allowed origin", async () => {
    const app = 'https://app.pawloween.example';
    const deployed = { ...sources, appOrigins: [app] };
    const bytes = await resolveImage(FIELD, `${app}/presets/pets/dog1.png`, deployed);
    expect(bytes.equals(images.png)).toBe(true);
    // Only preset paths: a generated file under the app's origin is not this platform's.
    const error = await resolveImage(FIELD, `${app}/files/run-1/image.png`, deployed).catch(
      (caught: unknown) => caught as Error,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toContain('other hosts are not fetched');
    // And an origin that is not listed is another host.
    expect(await refusal(`https://other.example/presets/pets/dog1.png`)).toContain(
      'other hosts are not fetched',
    );
  });

  it('reads nothing outside the preset and files folders', async () => {
    for (const value of [
      '/etc/passwd',
      '/presets/pets/../../secret.png',
      '/presets/pets/dog1.svg',
      '/files/a/b/c.png',
    ])
      expect(await refusal(value)).toBe(`${FIELD} is not a known preset image.`);
  });

  it('a missing preset and a preset file that is not an image are refused', async () => {
    expect(await refusal('/presets/pets/nobody.png')).toBe(
      `${FIELD} names a preset image that does not exist.`,
    );
    expect(await refusal('/presets/pets/note.png')).toBe(
      `${FIELD} must be a JPEG, PNG, WebP or GIF image.`,
    );
  });
});
