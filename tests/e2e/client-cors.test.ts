// The client in a real browser against a real local platform that does not list the page's origin
// (ALLOWED_ORIGINS): chromium refuses the answer (CORS) and fetch says only "Failed to fetch". The
// client must tell that from an outage, not retry it, and say which origin the platform must list.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../server/helpers';
import { launchBrowser } from './support/browser';
import { ROOT } from './support/paths';

let platform: TestApp;
let platformUrl: string;
let page: Server;
let pageUrl: string;
let browser: Browser;
const seen: string[] = [];

beforeAll(async () => {
  // The client as a browser gets it: one ES module, zod bundled in.
  const built = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.join(ROOT, 'adapters/platform/src/index.ts'),
        formats: ['es'],
        fileName: 'client',
      },
    },
  })) as { output: { code?: string }[] } | { output: { code?: string }[] }[];
  const code = (Array.isArray(built) ? built[0]! : built).output[0]!.code!;

  platform = await testApp({ allowedOrigins: ['https://app.example.com'] });
  platformUrl = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  platform.app.server.on('request', (request: { method?: string; url?: string }) =>
    seen.push(`${request.method} ${request.url}`),
  );

  page = createServer((request, response) => {
    if (request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(code);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>app</title>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: another origin than the platform's, as an app's would be.
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (page ? page.close(() => resolve()) : resolve()));
  await platform?.close();
});

describe('the client in a browser whose origin the platform does not allow', () => {
  it('throws CorsRefusedError naming the origin, after one try, not three', async () => {
    const tab = await browser.newPage();
    await tab.goto(`${pageUrl}/`);
    // A string, so the test runner does not rewrite its import() for node.
    const outcome = await tab.evaluate(`(async () => {
      const { PlatformClient } = await import('/client.js');
      const client = new PlatformClient({ baseUrl: ${JSON.stringify(platformUrl)}, accessToken: 'some-token' });
      try {
        await client.subscriptions.usage();
        return { ok: true };
      } catch (error) {
        return { name: error.name, code: error.code, message: error.message, action: error.action };
      }
    })()`);
    expect(outcome).toMatchObject({
      name: 'CorsRefusedError',
      code: 'CORS_REFUSED',
      action: 'none',
      message: expect.stringContaining(`${platformUrl} refused requests from ${pageUrl} (CORS)`),
    });
    expect((outcome as { message: string }).message).toContain('ALLOWED_ORIGINS');
    // One CORS preflight (never retried) and the one no-cors probe that found the platform there.
    expect(seen.filter((line) => line.startsWith('OPTIONS'))).toEqual([
      'OPTIONS /v1/subscriptions/usage',
    ]);
    expect(seen.filter((line) => line.startsWith('GET'))).toEqual(['GET /v1/subscriptions/usage']);
    await tab.close();
  });
});
