// The storage route refuses 'pet-gallery' items that could be turned against whoever reads them
// (issue 32): an id that is not SPEC.md's timestamp string, and file URLs that are not the platform's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, ORIGIN, signIn, testApp, userHeaders, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp();
  token = await signIn(t.app, 'gallery-rules@example.com');
});
afterAll(() => t.close());

const url = '/v1/storage?appVersion=1.0.0';
const put = (gallery: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: userHeaders(token),
    payload: { sessionData: { 'pet-gallery': gallery, ...extra } },
  });
const stored = async () =>
  (await t.app.inject({ url, headers: userHeaders(token) })).json<{
    sessionData: Record<string, unknown>;
  }>().sessionData;

const item = (fields: Record<string, unknown> = {}) => ({
  id: '1730000000000',
  timestamp: 1_730_000_000_000,
  imageUrl: `${ORIGIN}/files/0b6c2f1e-9d0a-4c55-8f1e-2a7d5b1c9e00/costume.png`,
  videoUrl: '/files/0b6c2f1e-9d0a-4c55-8f1e-2a7d5b1c9e00/costume.mp4',
  isFavorite: false,
  ...fields,
});

describe('PUT /v1/storage, pet-gallery items', () => {
  it('keeps what the app writes: timestamp ids, its own files (absolute or a path), no video', async () => {
    const gallery = [item(), item({ id: '1729999999999', videoUrl: '' })];
    const answer = await put(gallery, { 'user-profile': { displayName: 'Fay' } });
    expect(answer.statusCode).toBe(200);
    expect((await stored())['pet-gallery']).toEqual(gallery);
  });

  it.each([
    ['/../../../../../PWNED'],
    ['../x'],
    ['1730000000000/../../x'],
    ['17300000000.5'],
    [''],
    ['\u001b]0;owned\u0007'],
    [1730000000000],
  ])('refuses the id %j with 400 and keeps what was stored', async (id) => {
    await put([item()]);
    const answer = await put([item(), item({ id })]);
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer, 'VALIDATION_ERROR');
    expect(answer.json().error.message).toContain('pet-gallery[1].id');
    expect((await stored())['pet-gallery']).toEqual([item()]);
  });

  it.each([
    ['imageUrl', 'http://evil.example/x.png'],
    ['imageUrl', '//evil.example/x.png'],
    ['imageUrl', '/\\evil.example/x.png'],
    ['imageUrl', 'http://127.0.0.1:9/files/x.png'],
    ['imageUrl', 'javascript:alert(1)'],
    ['imageUrl', 'data:image/png;base64,AAAA'],
    ['videoUrl', 'https://evil.example/x.mp4'],
    ['videoUrl', 'file:///etc/passwd'],
    ['videoUrl', 42],
  ])('refuses %s %j with 400 naming the field', async (field, value) => {
    await put([]);
    const answer = await put([item({ [field]: value })]);
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer, 'VALIDATION_ERROR');
    expect(answer.json().error.message).toContain(`pet-gallery[0].${field}`);
    expect((await stored())['pet-gallery']).toEqual([]);
  });

  it('lets an item stored before these rules be kept and edited around', async () => {
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    };
    const old = item({ id: 'old-1', imageUrl: 'http://localhost:8787/files/x/costume.png' });
    await t.app.platform.storage.write(sub, { 'pet-gallery': [old] }, '1.0.0');
    const answer = await put([{ ...old, isFavorite: true }, item()]);
    expect(answer.statusCode).toBe(200);
    // A new item may not copy the old one's URL under another id.
    const copied = await put([old, item({ imageUrl: old.imageUrl })]);
    expect(copied.statusCode).toBe(400);
  });
});
