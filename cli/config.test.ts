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
