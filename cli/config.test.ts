import { describe, expect, it } from 'vitest';
import { LOCAL_PLATFORM } from '../domain/model/constants';
import { resolveSettings } from './config';

const env = { XDG_CONFIG_HOME: '/nonexistent-pawloween-config' };

describe('resolveSettings', () => {
  it('signs in to the local platform with the project it seeds, not the demo project', async () => {
    const settings = await resolveSettings({}, env);
    expect(settings.baseUrl).toBe(LOCAL_PLATFORM.baseUrl);
    expect(settings.projectToken).toBe(LOCAL_PLATFORM.projectToken);
  });

  it('names the local project for a local platform on any port, none for a remote one, and a given one wins', async () => {
    for (const baseUrl of ['http://127.0.0.1:9999', 'http://localhost:5000', 'http://[::1]:8787'])
      expect((await resolveSettings({ baseUrl }, env)).projectToken).toBe(
        LOCAL_PLATFORM.projectToken,
      );
    expect(
      (await resolveSettings({ baseUrl: 'https://api.example.com' }, env)).projectToken,
    ).toBeUndefined();
    const given = await resolveSettings(
      { baseUrl: 'http://127.0.0.1:9999' },
      { ...env, PAWLOWEEN_PROJECT_TOKEN: 'pk_other' },
    );
    expect(given.projectToken).toBe('pk_other');
  });
});

describe('plain http off loopback', () => {
  it('is a usage error (exit 2) unless --allow-http or PAWLOWEEN_ALLOW_HTTP=1 says so', async () => {
    const baseUrl = 'http://192.168.1.20:8787';
    const refused = await resolveSettings({ baseUrl }, env).catch((error: unknown) => error);
    expect(refused).toMatchObject({ exitCode: 2 });
    expect((refused as Error).message).toContain('plain http to 192.168.1.20:8787');
    expect((await resolveSettings({ baseUrl, allowHttp: true }, env)).allowHttp).toBe(true);
    expect(
      (await resolveSettings({ baseUrl }, { ...env, PAWLOWEEN_ALLOW_HTTP: '1' })).allowHttp,
    ).toBe(true);
    expect((await resolveSettings({ baseUrl: 'https://api.example.com' }, env)).allowHttp).toBe(
      false,
    );
  });
});
