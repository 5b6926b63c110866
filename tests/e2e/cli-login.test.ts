// Issue 42: any program on this computer can register a loopback listener with the platform, so
// `pawloween login`'s listener must not be enough to receive a person's token. The real CLI process,
// the real platform and chromium: the person types the code the CLI printed, and a link to another
// program's listener gets nothing without that program's code.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finished, spawnCli } from '../../cli/testing/spawn-cli';
import { launchBrowser, newContext } from './support/browser';
import { uniqueEmail } from './support/e2e';
import { e2ePlatform } from './support/platform';

const { baseUrl, projectToken } = e2ePlatform();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-login-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('pawloween login in the browser, against another program on this computer', () => {
  it('signs in when the person types the code the CLI printed', async () => {
    // The desktop's opener, as the CLI calls it: it notes the address the CLI opened.
    const opened = path.join(dir, 'opened');
    writeFileSync(path.join(dir, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(path.join(dir, 'xdg-open'), 0o755);
    const cli = spawnCli(['login', '--json'], {
      PATH: `${dir}:${process.env.PATH}`,
      DISPLAY: ':0',
      PAWLOWEEN_BASE_URL: baseUrl,
      PAWLOWEEN_PROJECT_TOKEN: projectToken,
      XDG_CONFIG_HOME: dir,
    });
    cleanups.push(() => void cli.kill('SIGKILL'));
    const done = finished(cli);
    let stderr = '';
    cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await vi.waitFor(
      () => {
        const shown = /type this code: ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
        if (!shown || !existsSync(opened)) throw new Error(`no code yet:\n${stderr}`);
        return shown;
      },
      { timeout: 20_000, interval: 100 },
    );

    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const page = await (await newContext(browser, 'desktop')).newPage();
    await page.goto(readFileSync(opened, 'utf8'));
    await page.getByLabel('Code from your terminal').fill(code.toLowerCase());
    const email = uniqueEmail('cli-login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();

    const result = await done;
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ email });
  });

  it("a link to another program's listener gets no token from a person without its code", async () => {
    // The other program: a listener of its own, registered as the CLI registers one.
    const seen: string[] = [];
    const listener: Server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.end('thanks');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => listener.close(() => resolve())));
    const { port } = listener.address() as AddressInfo;
    const redirectUri = `http://127.0.0.1:${port}/callback?state=attacker-state-0123456789`;
    const registered = await fetch(`${baseUrl}/v1/auth/loopback-redirect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirectUri }),
    });
    expect(registered.status).toBe(200);
    const { code } = (await registered.json()) as { code: string };

    // The link it sends the person, who opens it and signs in as asked.
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const page = await (await newContext(browser, 'desktop')).newPage();
    const link = new URL('/auth', baseUrl);
    link.searchParams.set('project_token', projectToken);
    link.searchParams.set('redirect_uri', redirectUri);
    await page.goto(link.href);
    await page
      .getByText('If you did not start pawloween login yourself, close this page.')
      .waitFor();
    expect(await page.content()).not.toContain(code);
    // No code at all: the browser keeps the form. A code of their own guessing: refused.
    await page.getByLabel('Email').fill(uniqueEmail('lured'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(page.url()).toContain('/auth');
    await page
      .getByLabel('Code from your terminal')
      .fill(code === 'BCDF-GHJK' ? 'CDFG-HJKM' : 'BCDF-GHJK');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That is not the code your terminal shows' })
      .waitFor();
    expect(await page.content()).not.toMatch(/eyJ/);
    expect(seen).toEqual([]);
  });
});
