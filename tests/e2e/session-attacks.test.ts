// Sessions on hostile and shared browsers (issue 18), written as the attacks: a page on another
// origin tries to swap the signed-in account, and a token copied before sign-out is tried after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { FLAGS } from './support/browser';
import { CHROMIUM_PATH } from './support/paths';
import { uniqueEmail, useE2E } from './support/e2e';
import { signInThroughLocalPage, waitForApp } from './support/sign-in';

const e2e = useE2E();
let foreign: Server;
let foreignOrigin: string;
let foreignPage = '';

beforeAll(async () => {
  // The attacker's site: another origin on loopback, serving whatever page the test sets.
  foreign = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(foreignPage);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

/** The attacker signs in to their own account, as anyone can. */
async function attackerToken(email: string): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      project_token: e2e.projectToken,
      redirect_uri: `${e2e.baseUrl}/`,
    }),
  });
  return new URL(response.headers.get('location')!).searchParams.get('accessToken')!;
}

const storedToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('subscribe-dev-access-token'));
const subOf = (token: string | null) =>
  token
    ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
        email: string;
        jti: string;
      })
    : undefined;

async function expectSwitchRefused(page: Page, victimToken: string | null, attacker: string) {
  await waitForApp(page);
  const dialog = page.getByRole('alertdialog', { name: 'Switch account?' });
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(attacker);
  await expectAccessible(page, 'switch account dialog');
  // Nothing switched while the question is open.
  expect(subOf(await storedToken(page))?.sub).toBe(subOf(victimToken)?.sub);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(subOf(await storedToken(page))?.sub).toBe(subOf(victimToken)?.sub);
  expect(page.url()).not.toContain('accessToken');
}

/** A foreign page auto-posts the sign-in form with the attacker's e-mail: refused, no token anywhere. */
async function expectForeignFormRefused(page: Page, attacker: string) {
  e2e.expectConsoleError(/status of 403/);
  foreignPage = `<!doctype html><title>Free treats</title>
      <form method="post" action="${e2e.baseUrl}/auth/sign-in">
        <input type="hidden" name="email" value="${attacker}">
        <input type="hidden" name="project_token" value="${e2e.projectToken}">
        <input type="hidden" name="redirect_uri" value="${e2e.baseUrl}/">
      </form>
      <script>document.forms[0].submit()</script>`;
  await page.goto(`${foreignOrigin}/`);
  await page.waitForURL((url) => url.origin === e2e.baseUrl);
  await page.getByRole('heading', { name: 'Sign-in refused' }).waitFor();
  expect(await page.getByRole('alert').innerText()).toContain('another website');
  expect(page.url()).not.toContain('accessToken');
}

describe('login CSRF: another site cannot swap the account the person is signed in to', () => {
  it('neither a link carrying the attacker’s token nor the sign-in form posted from another origin', async () => {
    const victim = uniqueEmail('victim');
    const attacker = uniqueEmail('attacker');
    const page = await e2e.open('desktop', { signedInAs: victim });
    const victimToken = await storedToken(page);
    expect(subOf(victimToken)?.email).toBe(victim);

    foreignPage = `<!doctype html><title>Free treats</title>
      <a id="go" href="${e2e.baseUrl}/?accessToken=${await attackerToken(attacker)}">Free treats</a>`;
    await page.goto(`${foreignOrigin}/`);
    await page.click('#go');
    await expectSwitchRefused(page, victimToken, attacker);

    await expectForeignFormRefused(page, attacker);
    await page.goto(`${e2e.baseUrl}/`);
    await waitForApp(page);
    expect(subOf(await storedToken(page))?.sub).toBe(subOf(victimToken)?.sub);
  });

  it('a signed-out visitor: the posted form is refused, and a link’s token is only used after “Continue as …?”', async () => {
    const attacker = uniqueEmail('attacker');
    // A link carrying a token looks like a sign-in return to boot.js, which preloads the signed-in
    // app's styles; while "Continue as …?" waits for the person (and after Cancel) they go unused,
    // and chromium says so once the page has stayed a few seconds, as it may on a busy machine.
    e2e.expectConsoleError(/signed-in-app-.*\.css was preloaded using link preload but not used/);
    const page = await e2e.open('desktop');
    await expectForeignFormRefused(page, attacker);

    foreignPage = `<!doctype html><title>Free treats</title>
      <a id="go" href="${e2e.baseUrl}/?accessToken=${await attackerToken(attacker)}">Free treats</a>`;
    await page.goto(`${foreignOrigin}/`);
    await page.click('#go');
    const dialog = page.getByRole('alertdialog', { name: `Continue as ${attacker}?` });
    await dialog.waitFor();
    expect(page.url()).not.toContain('accessToken');
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, 'continue as dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
    expect(await storedToken(page)).toBeNull();

    // The same link followed on purpose: Continue signs in as that account.
    await page.goto(`${foreignOrigin}/`);
    await page.click('#go');
    await page
      .getByRole('alertdialog', { name: `Continue as ${attacker}?` })
      .getByRole('button', { name: 'Continue' })
      .click();
    await waitForApp(page);
    expect(subOf(await storedToken(page))?.email).toBe(attacker);
  });

  it('the person can still choose to switch when they did mean to', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('owner') });
    const other = uniqueEmail('second');
    await page.goto(`${e2e.baseUrl}/?accessToken=${await attackerToken(other)}`);
    const dialog = page.getByRole('alertdialog', { name: 'Switch account?' });
    await dialog.getByRole('button', { name: `Switch to ${other}` }).click();
    await expect.poll(async () => subOf(await storedToken(page))?.email).toBe(other);
  });
});

describe('sign-out on a shared computer', () => {
  it('revokes the token (a copy taken before is refused) and leaves none of the user’s data on the device', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('shared') });
    const copied = await storedToken(page);
    const usage = () =>
      fetch(`${e2e.baseUrl}/v1/subscriptions/usage`, {
        headers: { 'x-sub-dev-access-token': copied! },
      }).then((response) => response.status);
    expect(await usage()).toBe(200);

    await signOutThroughApp(page);

    expect(await usage()).toBe(401);
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => /gallery|profile|access-token/.test(key)),
    );
    expect(left).toEqual([]);
    await waitForAppGone(page);
  });
});

/** Sign Out in the header, confirmed, back on the landing page. */
async function signOutThroughApp(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page
    .getByRole('alertdialog', { name: 'Sign Out' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
}

async function waitForAppGone(page: Page) {
  await expect
    .poll(() => page.getByRole('button', { name: /Generate Halloween Costume/ }).count())
    .toBe(0);
}

describe('the next person at a shared computer', () => {
  it('signing in as B with storage unreachable shows none of A’s data, and none once storage returns', async () => {
    e2e.expectConsoleError(/Failed to load resource|ERR_FAILED/);
    const context = await e2e.context('desktop');
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/`);
    await signInThroughLocalPage(page, uniqueEmail('alice'));
    const header = page.getByRole('banner');
    await page.getByRole('button', { name: 'Account Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByLabel('Display Name').fill('Alice Secret');
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await header.getByText('Alice Secret', { exact: true }).waitFor();
    await signOutThroughApp(page);

    await context.route('**/v1/storage**', (route) => route.abort());
    const bob = uniqueEmail('bob');
    await signInThroughLocalPage(page, bob);
    await header.getByText(bob.split('@')[0]!, { exact: true }).waitFor();
    const shows = () => page.locator('body').innerText();
    expect(await shows()).not.toContain('Alice Secret');
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).not.toContain('Alice Secret');

    await context.unroute('**/v1/storage**');
    await page
      .getByRole('button', { name: /My Gallery/ })
      .first()
      .click();
    await page.waitForTimeout(1_500);
    expect(await shows()).not.toContain('Alice Secret');
  });
});

describe('short-lived tokens', () => {
  it('the app renews its token before the hour ends and stays signed in', async () => {
    const context = await e2e.context('desktop');
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${e2e.baseUrl}/`);
    await signInThroughLocalPage(page, uniqueEmail('renew'));
    const first = await storedToken(page);
    await page.clock.fastForward('51:00');
    await expect.poll(() => storedToken(page), { timeout: 15_000 }).not.toBe(first);
    await waitForApp(page);
    const status = (token: string | null) =>
      fetch(`${e2e.baseUrl}/v1/subscriptions/usage`, {
        headers: { 'x-sub-dev-access-token': token! },
      }).then((response) => response.status);
    expect(await status(await storedToken(page))).toBe(200);
    expect(subOf(await storedToken(page))?.jti).not.toBe(subOf(first)?.jti);
  });
});

describe('the token in the browser’s history file', () => {
  it('chromium keeps the sign-in return’s address on disk, but after Sign Out that token is dead', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'pawloween-profile-'));
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: FLAGS,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`${e2e.baseUrl}/`);
      await signInThroughLocalPage(page, uniqueEmail('history'));
      await signOutThroughApp(page);
      await context.close();

      const history = new Database(path.join(profile, 'Default', 'History'), { readonly: true });
      const urls = (
        history.prepare("SELECT url FROM urls WHERE url LIKE '%accessToken=%'").all() as {
          url: string;
        }[]
      ).map(({ url }) => url);
      history.close();
      // The attack's premise: the address with the token is on disk.
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const token = new URL(url).searchParams.get('accessToken')!;
        const usage = await fetch(`${e2e.baseUrl}/v1/subscriptions/usage`, {
          headers: { 'x-sub-dev-access-token': token },
        });
        expect(usage.status).toBe(401);
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
