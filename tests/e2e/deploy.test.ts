import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { generateFromPresets, waitForResults } from './support/create-flow';
import { uniqueEmail } from './support/e2e';
import { openGallery } from './support/gallery';
import { Guard } from './support/guard';
import { ROOT } from './support/paths';
import { AUTH_HEADERS } from '../../adapters/platform/src/api/auth';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { freePort, waitUntilAnswering } from './support/server-process';
import { waitForApp } from './support/sign-in';

// README "Deploy", followed as written: the built dist/ on a static host of its own, a
// pawloween.config.json beside index.html naming a platform on another origin, that origin in the
// platform's ALLOWED_ORIGINS, and the host's CSP as README gives it. One build, no edit of its files.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** README's CSP for a static host, with the platform's origin filled in. */
function deployCsp(platform: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${platform}`,
    `media-src 'self' data: blob: ${platform}`,
    "font-src 'self' data:",
    `connect-src 'self' ${platform}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A plain static host: files as they are, index.html for /, the CSP header on every answer. */
function staticHost(dir: string, csp: string): Server {
  return createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    const inside = file.startsWith(dir + path.sep);
    if (!inside || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
    });
    response.end(readFileSync(file));
  });
}

let site: string;
let dataDir: string;
let host: Server;
let platform: ChildProcess;
let appOrigin: string;
let platformOrigin: string;

beforeAll(async () => {
  const [appPort, platformPort] = [await freePort(), await freePort()];
  appOrigin = `http://127.0.0.1:${appPort}`;
  platformOrigin = `http://127.0.0.1:${platformPort}`;
  const projectToken = `pk_deploy_${randomBytes(6).toString('base64url')}`;

  site = mkdtempSync(path.join(tmpdir(), 'pawloween-site-'));
  cpSync(path.join(ROOT, 'dist'), site, { recursive: true });
  writeFileSync(
    path.join(site, 'pawloween.config.json'),
    JSON.stringify({ platformUrl: platformOrigin, projectToken }),
  );
  host = staticHost(site, deployCsp(platformOrigin));
  await new Promise<void>((resolve) => host.listen(appPort, '127.0.0.1', resolve));

  dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-deploy-'));
  platform = spawn(process.execPath, ['--import', 'tsx', 'mock-server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(platformPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROJECT_TOKEN: projectToken,
      PUBLIC_BASE_URL: platformOrigin,
      ALLOWED_ORIGINS: appOrigin,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await waitUntilAnswering(`${platformOrigin}/healthz`, platform, 60_000);
});

afterAll(async () => {
  platform?.kill('SIGTERM');
  await new Promise<void>((resolve) => host?.close(() => resolve()) ?? resolve());
  rmSync(site, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built app deployed apart from its platform', () => {
  it('signs in, generates and keeps its gallery on the platform that pawloween.config.json names', async () => {
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, 'mobile');
      context.setDefaultTimeout(20_000);
      const guard = await Guard.watch(context);
      const appCalls: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === appOrigin && /^\/(v1|auth|files)\//.test(url.pathname))
          appCalls.push(url.pathname);
      });
      const page: Page = await context.newPage();
      await page.goto(`${appOrigin}/`);
      await page.locator('.pw-prerendered').waitFor({ state: 'detached' });

      // Sign In goes to the named platform's sign-in page and comes back to the static host.
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
      await page.waitForURL((url) => url.origin === platformOrigin && url.pathname === '/auth');
      await page.getByLabel('Email').fill(uniqueEmail('deploy'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.origin === appOrigin);
      await waitForApp(page);

      // A run on that platform, with presets the app names under its own origin.
      await generateFromPresets(page, 'Husky', 'Ghost');
      await waitForResults(page);
      const image = page.getByRole('img', { name: 'Your pet in its Halloween costume' });
      expect(await image.getAttribute('src')).toContain(`${platformOrigin}/files/`);

      // The creation joined the gallery, which lives in that platform's storage.
      await openGallery(page, true);
      await expect
        .poll(() => page.locator(`img[src^="${platformOrigin}/files/"]`).count(), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      const token = await page.evaluate(
        (key) => localStorage.getItem(key),
        STORAGE_KEYS.accessToken,
      );
      const shown = await page
        .locator(`img[src^="${platformOrigin}/files/"]`)
        .first()
        .getAttribute('src');
      // The gallery shows from the device at once; the platform has it once the write lands.
      await expect
        .poll(
          async () => {
            const answer = await fetch(`${platformOrigin}/v1/storage`, {
              headers: { [AUTH_HEADERS.accessToken]: token ?? '' },
            });
            const stored = (await answer.json()) as {
              sessionData: Record<string, Array<{ imageUrl?: string }> | undefined>;
            };
            return stored.sessionData[STORAGE_KEYS.gallery]?.map((item) => item.imageUrl);
          },
          { timeout: 20_000 },
        )
        .toContain(shown);

      expect(appCalls, 'no platform call went to the static host').toEqual([]);
      expect(guard.report()).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('says plainly when pawloween.config.json cannot be used', async () => {
    const good = readFileSync(path.join(site, 'pawloween.config.json'), 'utf8');
    writeFileSync(path.join(site, 'pawloween.config.json'), '{"platformURL":"https://x.test"}');
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, 'desktop');
      const page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      // At once, before anyone presses Sign In, in the app's own frame, and in the console.
      await page.goto(`${appOrigin}/`);
      const alert = page.getByRole('alert').filter({ hasText: 'is not set up right' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.textContent()).toContain('unknown settings: platformURL');
      expect(await page.getByRole('banner').textContent()).toContain('Pawloween');
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
      expect(logged.join('\n')).toContain('unknown settings: platformURL');
    } finally {
      await browser.close();
      writeFileSync(path.join(site, 'pawloween.config.json'), good);
    }
  });

  describe('a platform this page may not call says what to change, instead of a half-signed-in app', () => {
    /** A real token of the platform, as a visitor who signed in before the mistake would hold. */
    async function storedToken(): Promise<string> {
      const reply = await fetch(`${platformOrigin}/auth/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: uniqueEmail('half-signed-in'),
          project_token: JSON.parse(readFileSync(path.join(site, 'pawloween.config.json'), 'utf8'))
            .projectToken,
          redirect_uri: `${appOrigin}/`,
        }),
      });
      return new URL(reply.headers.get('location') ?? '').searchParams.get('accessToken') ?? '';
    }

    /** The page a visitor sees, signed in before the mistake or (signedIn false) not at all. */
    async function alertOn(origin: string, signedIn = true): Promise<string> {
      const token = signedIn ? await storedToken() : '';
      if (signedIn) expect(token).toMatch(/^eyJ/);
      const browser = await launchBrowser();
      try {
        const context = await newContext(browser, 'desktop');
        if (signedIn)
          await context.addInitScript(
            ([key, value]) => localStorage.setItem(key!, value!),
            [STORAGE_KEYS.accessToken, token],
          );
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        const alert = page.getByRole('alert').filter({ hasText: 'is not set up right' });
        await alert.waitFor({ timeout: 20_000 });
        return (await alert.textContent()) ?? '';
      } finally {
        await browser.close();
      }
    }

    it("names the platform the host's CSP does not allow, and what to change", async () => {
      const good = readFileSync(path.join(site, 'pawloween.config.json'), 'utf8');
      // The same platform under another name: the sign-in works, the CSP names only 127.0.0.1.
      const foreign = platformOrigin.replace('127.0.0.1', 'localhost');
      writeFileSync(
        path.join(site, 'pawloween.config.json'),
        JSON.stringify({ ...JSON.parse(good), platformUrl: foreign }),
      );
      try {
        const text = await alertOn(appOrigin);
        expect(text).toContain(
          `Content-Security-Policy does not allow it to connect to the platform at ${foreign}`,
        );
        expect(text).toContain(`Add ${foreign} to connect-src`);
        expect(text).toContain('platformUrl in pawloween.config.json');
      } finally {
        writeFileSync(path.join(site, 'pawloween.config.json'), good);
      }
    });

    it('names the platform whose ALLOWED_ORIGINS leave this page out, and what to change', async () => {
      // The same site and CSP on a second host, an origin the platform was not told of.
      const port = await freePort();
      const other = staticHost(site, deployCsp(platformOrigin));
      await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
      try {
        const origin = `http://127.0.0.1:${port}`;
        const said = `The platform at ${platformOrigin}, which pawloween.config.json names, does not accept calls from this page (${origin})`;
        const text = await alertOn(origin);
        expect(text).toContain(said);
        expect(text).toContain(`Add ${origin} to that platform's ALLOWED_ORIGINS`);
        // A visitor who never signed in is told too, on the landing page, before any Sign In.
        expect(await alertOn(origin, false)).toContain(said);
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
    });
  });
});
