import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  costumeRun,
  PNG_BYTES,
  PROJECT_TOKEN,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('static files', () => {
  it('serves the built app from dist at / when it exists', async () => {
    t = await testApp();
    const dist = path.join(t.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Pawloween</title><script type="module" src="/assets/app-1.js"></script>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'export {};');
    const first = t;
    await first.app.close();
    // The second platform serves the first one's dist; closing it removes both folders.
    const second = await testApp({ distDir: dist });
    t = { ...second, close: () => second.close().then(first.close) };
    const index = await t.app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Pawloween</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    // The app learns the project token from the page, so `npm start` signs in without demo mode.
    expect(index.body).toContain(
      `<meta name="pawloween-project-token" content="${PROJECT_TOKEN}" />`,
    );
    expect((await t.app.inject('/index.html')).body).toContain('pawloween-project-token');
    const bundle = await t.app.inject('/assets/app-1.js');
    expect(bundle.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/v1/unknown')).json().error.code).toBe('NOT_FOUND');
  });

  it('outlives a visitor who leaves in the middle of a file, with logging off (embedders, tests)', async () => {
    // fastify logs the broken stream through request.log; without a logger that once threw from a
    // stream's close handler and took the whole platform down.
    t = await testApp();
    const dist = path.join(t.dir, 'dist');
    mkdirSync(path.join(dist, 'media'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pawloween</title>');
    writeFileSync(path.join(dist, 'media', 'big.mp4'), Buffer.alloc(32 * 1024 * 1024, 1));
    const first = t;
    await first.app.close();
    const second = await testApp({ distDir: dist });
    t = { ...second, close: () => second.close().then(first.close) };
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((done, fail) => {
        const request = get(`${base}/media/big.mp4`, (response) => {
          response.once('data', () => {
            request.destroy();
            done();
          });
        });
        request.on('error', (error) => (request.destroyed ? done() : fail(error)));
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await fetch(`${base}/index.html`);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('<title>Pawloween</title>');
  });

  it('serves presets from ui/public when dist is absent, and explains how to build', async () => {
    t = await testApp();
    const preset = await t.app.inject('/presets/pets/dog1.png');
    expect(preset.statusCode).toBe(200);
    expect(preset.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await t.app.inject('/')).body).toContain('npm start');
  });

  it('never serves outside the files folder, whatever path is tried', async () => {
    t = await testApp();
    const token = await signIn(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: userHeaders(token),
      payload: costumeRun(),
    });
    for (const url of [
      '/files/../signing-secret',
      '/files/%2e%2e/signing-secret',
      '/files/..%2fpawloween.db',
      '/files/.hidden',
      '/files/%00',
      '/files/',
    ]) {
      const reply = await t.app.inject(url);
      expect(reply.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, url).toBeLessThan(500);
      expect(reply.body).not.toContain('test-secret');
    }
  });

  it('serves page assets, fonts and generated avatars', async () => {
    t = await testApp();
    expect((await t.app.inject('/platform-assets/sign-in.js')).headers['content-type']).toContain(
      'javascript',
    );
    const font = await t.app.inject('/platform-assets/fonts/creepster.woff2');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await t.app.inject('/platform-assets/fonts/passwd')).statusCode).toBe(404);
    const avatar = await t.app.inject('/platform-assets/avatar.svg?seed=%3Cscript%3E');
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).not.toContain('<script');
  });
});
