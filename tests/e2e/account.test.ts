import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { STORAGE_MERGE_412, uniqueEmail, useE2E } from './support/e2e';
import { pngFile } from './support/images';
import { ROOT } from './support/paths';
import { signInThroughLocalPage, waitForApp } from './support/sign-in';
import { clickOpeningWindow, windowClosed } from './support/windows';

const e2e = useE2E();

describe('account', () => {
  it('saves a new display name and avatar in Account Settings; Cancel keeps the old ones', async () => {
    const email = uniqueEmail('settings');
    const page = await e2e.open('desktop', { signedInAs: email });
    const header = page.getByRole('banner');
    await header.getByText(email.split('@')[0]!, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Account Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Settings' });
    await dialog.waitFor();
    await expectAccessible(page, 'Account Settings dialog');
    await dialog.getByLabel('Display Name').fill('Not saved');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await header.getByText('Not saved').count()).toBe(0);

    await page.getByRole('button', { name: 'Account Settings' }).click();
    await dialog.getByLabel('Display Name').fill('Captain Whiskers');
    await dialog.getByTestId('avatar-file').setInputFiles(await pngFile('me.png', '#3a9d5d', 200));
    await expect
      .poll(() => dialog.locator('img').first().getAttribute('src'))
      .toMatch(/^data:image\//);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await header.getByText('Captain Whiskers', { exact: true }).waitFor();
    await expect
      .poll(() => header.locator('img').first().getAttribute('src'))
      .toMatch(/^data:image\//);

    // The profile lives in the user's storage: it survives a reload.
    await page.reload();
    await waitForApp(page);
    await page.getByRole('banner').getByText('Captain Whiskers', { exact: true }).waitFor();
  });

  it('signs out after confirmation and lands on the landing page; Cancel stays signed in', async () => {
    const page = await e2e.open('desktop', { signedInAs: uniqueEmail('signout') });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign Out' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Are you sure you want to sign out?');
    await expectAccessible(page, 'Sign Out confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await waitForApp(page);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await confirm.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pawloween' }).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(
      await page.evaluate(() => localStorage.getItem('subscribe-dev-access-token')),
    ).toBeNull();

    // Signed out stays signed out across a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
});

const SHOTS = path.join(ROOT, 'test-results', 'account-shots');

describe('sign-in and session', () => {
  it('signs in inside an iframe through a popup; the host page stays where it is', async () => {
    e2e.expectConsoleError(STORAGE_MERGE_412);
    const context = await e2e.context('desktop');
    const host = `${e2e.baseUrl}/__frame-host.html`;
    // A page of the app's own origin that frames the app, as an editor's preview would.
    await context.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        // The same opener policy as every page the platform serves: the popup keeps its opener.
        headers: { 'cross-origin-opener-policy': 'same-origin-allow-popups' },
        body: `<!doctype html><html lang="en"><title>Host</title><body style="margin:0">
<iframe src="${e2e.baseUrl}/" title="Pawloween app" style="width:1200px;height:860px;border:0"></iframe></body></html>`,
      }),
    );
    const page = await context.newPage();
    await page.goto(host);
    const app = page.frameLocator('iframe[title="Pawloween app"]');

    const popup = await clickOpeningWindow(
      context,
      app.getByRole('button', { name: 'Sign In', exact: true }).first(),
    );
    const authorize = new URL(popup.url());
    expect(authorize.pathname).toBe('/auth');
    expect(authorize.searchParams.get('project_token')).toBe(e2e.projectToken);
    expect(authorize.searchParams.get('state')).toMatch(/.{16,}/);

    await popup.getByLabel('Email').fill(uniqueEmail('framed'));
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await windowClosed(popup);

    await app
      .getByRole('button', { name: /Generate Halloween Costume/ })
      .waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(host);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame?.url()).not.toContain('accessToken');
  });

  it('an expired token signs the user out at the next 10 s check', async () => {
    // Renewal cannot reach the platform (offline), so the hour-long token runs out.
    e2e.expectConsoleError(/Failed to load resource|ERR_FAILED/);
    const context = await e2e.context('desktop');
    await context.route('**/v1/auth/refresh', (route) => route.abort());
    const page = await context.newPage();
    // The browser's clock, so an hour can pass in a moment; the platform's own clock keeps real time.
    await page.clock.install();
    await page.goto(`${e2e.baseUrl}/`);
    await signInThroughLocalPage(page, uniqueEmail('expiry'));
    await page.clock.fastForward('59:00');
    await waitForApp(page);
    // 60 s before exp the token is still good; 40 s later it is inside the 30 s margin, and the
    // sweep that fires then signs the user out.
    await page.clock.fastForward(40_000);
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
    expect(
      await page.evaluate(() => localStorage.getItem('subscribe-dev-access-token')),
    ).toBeNull();
  });

  it('a token the platform refuses (401) signs the user out silently', async () => {
    e2e.expectConsoleError(/401/);
    const context = await e2e.context('desktop');
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/`);
    // Well-formed and unexpired, but not signed by this platform.
    await page.evaluate(() => {
      const part = (value: object) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem(
        'subscribe-dev-access-token',
        `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'forged', email: 'forged@example.com', exp })}.c2ln`,
      );
    });
    await page.reload();
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('subscribe-dev-access-token')))
      .toBeNull();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});

describe('other tabs', () => {
  it('a sign-out in one tab signs the other tab out; a sign-in reaches it too', async () => {
    e2e.expectConsoleError(STORAGE_MERGE_412);
    const first = await e2e.open('desktop', { signedInAs: uniqueEmail('tabs') });
    const second = await first.context().newPage();
    await second.goto(`${e2e.baseUrl}/`);
    await waitForApp(second);

    await first.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await first
      .getByRole('alertdialog', { name: 'Sign Out' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await second.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();

    await signInThroughLocalPage(first, uniqueEmail('tabs-again'));
    await waitForApp(second);
  });
});

describe('account modals on desktop and phone', () => {
  for (const device of ['desktop', 'mobile'] as const) {
    it(`Account Settings and Sign Out confirmation (${device})`, async () => {
      const page = await e2e.open(device, { signedInAs: uniqueEmail(`modals-${device}`) });
      mkdirSync(SHOTS, { recursive: true });
      const openFromAccount = async (name: string) => {
        if (device === 'desktop') {
          await page.getByRole('banner').getByRole('button', { name }).click();
          return;
        }
        await page.getByRole('button', { name: 'Account', exact: true }).click();
        await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name }).click();
      };

      await openFromAccount('Account Settings');
      const settings = page.getByRole('dialog', { name: 'Account Settings' });
      await settings.waitFor();
      await page.screenshot({ path: path.join(SHOTS, `settings-${device}.png`) });
      await settings.getByLabel('Display Name').fill('');
      await settings.getByRole('button', { name: 'Save Changes' }).click();
      await settings.getByRole('alert').getByText('Display name cannot be empty.').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `settings-error-${device}.png`) });
      await expectAccessible(page, `Account Settings with an error (${device})`);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });

      await openFromAccount('Sign Out');
      const confirm = page.getByRole('alertdialog', { name: 'Sign Out' });
      await confirm.waitFor();
      await page.screenshot({ path: path.join(SHOTS, `sign-out-${device}.png`) });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
    });
  }
});
