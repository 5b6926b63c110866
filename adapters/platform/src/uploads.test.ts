import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from './client';
import { toFile } from './uploads';
import { BASE_URL, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]);
const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The run bodies the platform was sent. */
function runBodies() {
  const bodies: { input: Record<string, unknown> }[] = [];
  server.use(
    http.post(url('/v1/run'), async ({ request }) => {
      bodies.push((await request.json()) as { input: Record<string, unknown> });
      return HttpResponse.json({ output: [{ image_output: 'https://x/y.png' }] });
    }),
  );
  return bodies;
}
const client = () => new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', maxRetries: 0 });

describe('files in a run input become the data: URLs the platform takes', () => {
  it('bytes, Buffers, Blobs, Files and lists of them; strings are sent as they are', async () => {
    const bodies = runBodies();
    await client().run.create({
      model: 'workflow/w',
      input: {
        bytes: PNG,
        buffer: Buffer.from(JPEG),
        blob: new Blob([PNG]),
        file: new File([JPEG], 'c.jpg', { type: 'image/jpeg' }),
        list: [PNG.buffer, 'https://example.com/a.png'],
        url: 'https://example.com/b.png',
        prompt: 'a witch hat',
      },
    });
    expect(bodies[0]!.input).toEqual({
      bytes: dataUrl('image/png', PNG),
      buffer: dataUrl('image/jpeg', JPEG),
      blob: dataUrl('image/png', PNG),
      file: dataUrl('image/jpeg', JPEG),
      list: [dataUrl('image/png', PNG), 'https://example.com/a.png'],
      url: 'https://example.com/b.png',
      prompt: 'a witch hat',
    });
  });

  it('refuses a file over 10 MB or not an image, naming the field, without sending anything', async () => {
    // No handler: a request that went out would fail as a network error, not as these.
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    await expect(
      client().run.create({ model: 'workflow/w', input: { pet: big } }),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'pet is larger than 10 MB (10485761 bytes).',
      details: { field: 'pet' },
    });
    await expect(
      client()
        .run.stream({ model: 'workflow/w', input: { costume: new Blob(['hello']) } })
        .finalResult(),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: 'costume is not an image the platform takes (PNG, JPEG, GIF or WebP).',
    });
  });
});

describe('toFile', () => {
  it('makes a File of bytes, an ArrayBuffer, a Blob or a Response, with a name and type', async () => {
    expect(await toFile(PNG, 'pet.png')).toMatchObject({
      name: 'pet.png',
      type: 'image/png',
      size: 11,
    });
    expect(await toFile(JPEG.buffer, 'x', { type: 'image/jpeg' })).toMatchObject({
      name: 'x',
      type: 'image/jpeg',
    });
    const fromBlob = await toFile(new Blob([PNG], { type: 'image/png' }));
    expect(fromBlob).toMatchObject({ name: 'file', type: 'image/png' });
    expect(new Uint8Array(await fromBlob.arrayBuffer())).toEqual(PNG);
    expect(await toFile(new Response(JPEG), 'r.jpg')).toMatchObject({
      type: 'image/jpeg',
      size: 6,
    });
  });

  it.each([
    ['image/png', '89504e470d0a1a0a0000000d49484452'],
    ['image/jpeg', 'ffd8ffe000104a464946000101000001'],
    ['image/gif', '474946383961010001000000002c0000'],
    ['image/webp', '52494646240000005745425056503820'],
    ['video/mp4', '000000206674797069736f6d00000200'],
    ['video/quicktime', '0000001466747970717420200000000000'],
    ['video/webm', '1a45dfa39f4286810142f7810142f281'],
  ])('tells %s from the bytes alone: a Buffer, a typeless Blob, a Response', async (type, hex) => {
    const bytes = Buffer.from(`${hex}${'00'.repeat(32)}`, 'hex');
    expect((await toFile(bytes)).type).toBe(type);
    expect((await toFile(new Blob([bytes]))).type).toBe(type);
    expect((await toFile(new Response(bytes))).type).toBe(type);
    // The bytes win over a name that says otherwise.
    expect((await toFile(bytes, 'notes.txt')).type).toBe(type);
  });

  it('says which path it could not read', async () => {
    await expect(toFile('/no/such/pet.png')).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('Could not read /no/such/pet.png'),
    });
  });
});
