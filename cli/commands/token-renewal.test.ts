import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, userHeaders } from '../../tests/server/helpers';
import { FakeClock } from '../../tests/support/fake-clock';
import { resolveSettings } from '../config';
import { connect, settleConnections } from '../connect';
import {
  listeningPlatform,
  runInMemory,
  type ListeningPlatform,
} from '../testing/cli-test-platform';

let platform: ListeningPlatform;
let home: string;
beforeAll(async () => {
  // Tokens that end in 5 minutes: inside the 10-minute renewal window from the start.
  platform = await listeningPlatform({ tokenTtlSeconds: 300 });
  home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-renew-'));
});
afterAll(async () => {
  await platform.close();
  rmSync(home, { recursive: true, force: true });
});

describe('a token saved by login is renewed before it ends', () => {
  it('the next command uses and saves a fresh token', async () => {
    const env = { PAWLOWEEN_BASE_URL: platform.baseUrl, XDG_CONFIG_HOME: home };
    const old = await signIn(platform.app, 'renew@example.com');
    expect((await runInMemory(env, ['login', '--token', old])).code).toBe(0);
    expect((await runInMemory(env, ['usage'])).code).toBe(0);
    const saved = () =>
      Object.values(
        JSON.parse(readFileSync(path.join(home, 'pawloween', 'config.json'), 'utf8')).tokens,
      )[0] as string;
    expect(saved()).not.toBe(old);
    const usage = (token: string) =>
      platform.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });
    expect((await usage(saved())).statusCode).toBe(200);
    const jti = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
    expect(jti(saved())).not.toBe(jti(old));
  });
});

describe('the CLI renews on the app’s rule and the clock port', () => {
  it('renews only once the clock says the token is within the window', async () => {
    const configHome = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-renew-clock-'));
    try {
      const env = { PAWLOWEEN_BASE_URL: platform.baseUrl, XDG_CONFIG_HOME: configHome };
      const old = await signIn(platform.app, 'renew-clock@example.com');
      expect((await runInMemory(env, ['login', '--token', old])).code).toBe(0);
      const settings = await resolveSettings({}, env);
      const tokenAt = async (now: number) => {
        const connection = await connect(settings, undefined, { clock: new FakeClock(now) });
        connection.close();
        return connection.settings.token;
      };
      // The token ends in 5 minutes of real time; an hour before, nothing is due.
      expect(await tokenAt(Date.now() - 60 * 60_000)).toBe(old);
      const renewed = await tokenAt(Date.now());
      expect(renewed).not.toBe(old);
    } finally {
      rmSync(configHome, { recursive: true, force: true });
    }
  });

  it("renews a login's token that comes due while a command runs, through the session's sweep, and saves it", async () => {
    const configHome = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-renew-sweep-'));
    try {
      const env = { PAWLOWEEN_BASE_URL: platform.baseUrl, XDG_CONFIG_HOME: configHome };
      const old = await signIn(platform.app, 'renew-sweep@example.com');
      expect((await runInMemory(env, ['login', '--token', old])).code).toBe(0);
      const settings = await resolveSettings({}, env);
      const saved = () =>
        Object.values(
          JSON.parse(readFileSync(settings.configFile, 'utf8')).tokens as Record<string, string>,
        )[0];
      // An hour before the token ends (in 5 minutes of real time), nothing is due yet.
      const clock = new FakeClock(Date.now() - 60 * 60_000);
      const connection = await connect(settings, undefined, { clock });
      try {
        expect(connection.services.session.getSnapshot().token).toBe(old);
        // The command goes on until the token is inside the renewal window: the sweep renews it.
        clock.set(Date.now());
        await clock.advanceAsync(10_000);
        await vi.waitFor(() => expect(saved()).not.toBe(old), { timeout: 10_000, interval: 25 });
        expect(connection.services.session.getSnapshot().token).toBe(saved());
      } finally {
        connection.close();
        await settleConnections();
      }
    } finally {
      rmSync(configHome, { recursive: true, force: true });
    }
  });
});
