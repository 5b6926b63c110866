import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../mock-server/http/compression';
import { precompressDir } from '../../scripts/precompress';
import { signIn, testApp, userHeaders, type TestApp } from './helpers';

// A bundle the size of a real one, text that compresses the way code does.
const BUNDLE = Array.from(
  { length: 4000 },
  (_, i) => `export const value${i} = () => "pawloween ${i % 97}";`,
).join('\n');
const PAGE = `<!doctype html><title>Pawloween</title>${'<p>Turn your pet into a legend.</p>'.repeat(80)}`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pawloween-compression-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), BUNDLE);
  writeFileSync(path.join(dist, 'assets', 'tiny-1.js'), 'export {};');
  await precompressDir(dist);
  t = await testApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const decode = (encoding: unknown, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString();

describe('compression', () => {
  it('sends the build precompressed: brotli, else gzip, else plain, always with Vary and immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      const reply = await t.app.inject({
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': accept },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(reply.headers['cache-control']).toContain('immutable');
      expect(reply.rawPayload.length).toBeLessThan(BUNDLE.length / 5);
      expect(decode(encoding, reply.rawPayload)).toBe(BUNDLE);
    }
    const plain = await t.app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BUNDLE);
    // Too small to gain anything: no compressed copy was written, the file goes as it is.
    const tiny = await t.app.inject({
      url: '/assets/tiny-1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });

  it('compresses the page, which carries this platform’s project token, per request', async () => {
    const reply = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(decode('br', reply.rawPayload)).toContain('pawloween-project-token');
  });

  it('compresses a large storage answer and leaves small API answers alone', async () => {
    const token = await signIn(t.app);
    const gallery = Array.from({ length: 500 }, (_, i) => ({
      id: String(1_730_000_000_000 + i),
      timestamp: 1_730_000_000_000 + i,
      imageUrl: `/files/run-${i}/image.png`,
      videoUrl: `/files/run-${i}/video.mp4`,
      isFavorite: i % 7 === 0,
    }));
    const url = '/v1/storage?appVersion=1.0.0';
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: userHeaders(token),
          payload: { sessionData: { 'pet-gallery': gallery } },
        })
      ).statusCode,
    ).toBe(200);
    const read = await t.app.inject({
      url,
      headers: { ...userHeaders(token), 'accept-encoding': 'gzip' },
    });
    expect(read.headers['content-encoding']).toBe('gzip');
    expect(read.headers.vary).toMatch(/accept-encoding/i);
    expect(read.headers['content-length']).toBe(String(read.rawPayload.length));
    expect(JSON.parse(decode('gzip', read.rawPayload))).toEqual({
      sessionData: { 'pet-gallery': gallery },
    });
    const small = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { ...userHeaders(token), 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding the way browsers and proxies write it', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('GZIP')).toBe('gzip');
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0')).toBeUndefined();
    expect(pickEncoding('br; q=0.0, gzip; q=1')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
  });
});
