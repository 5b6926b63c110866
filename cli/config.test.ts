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

  it('names no project for another platform unless one is given, and a given one wins', async () => {
    expect((await resolveSettings({ baseUrl: 'http://127.0.0.1:9999' }, env)).projectToken).toBe(
      undefined,
    );
    const given = await resolveSettings({}, { ...env, PAWLOWEEN_PROJECT_TOKEN: 'pk_other' });
    expect(given.projectToken).toBe('pk_other');
  });
});
