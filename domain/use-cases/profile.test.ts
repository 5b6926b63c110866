import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../adapters/memory/memory-auth';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { createTestContainer } from '../../tests/support/test-container';
import { FAKE_NOW } from '../../tests/support/fake-clock';
import { LIMITS } from '../model/constants';
import { defaultDisplayName, displayNameProblem, needsDefaultName } from '../model/profile';

const token = (email?: string, avatarUrl?: string) =>
  fakeToken({ sub: 'u1', email, avatarUrl, exp: FAKE_NOW / 1000 + 3600 });

async function signedIn(email?: string, stored?: object, avatarUrl?: string) {
  const local = new MemoryLocalStorage();
  const t = createTestContainer({ local }, { session: { accessToken: token(email, avatarUrl) } });
  if (stored) t.remote.sessionData.set('user-profile', stored);
  await t.services.session.start();
  await t.services.profile.getSnapshot();
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return t;
}

describe('profile rules', () => {
  it('defaults the display name to the part of the e-mail before @, else User', () => {
    expect(defaultDisplayName('morticia@addams.example')).toBe('morticia');
    expect(defaultDisplayName(undefined)).toBe('User');
    expect(defaultDisplayName('@nobody')).toBe('User');
  });

  it('re-initialises a name that is empty or User', () => {
    expect(needsDefaultName('')).toBe(true);
    expect(needsDefaultName('  ')).toBe(true);
    expect(needsDefaultName('User')).toBe(true);
    expect(needsDefaultName('Wednesday')).toBe(false);
  });

  it('accepts 1 to 50 characters after trimming', () => {
    expect(displayNameProblem('  Gomez  ')).toBeUndefined();
    expect(displayNameProblem('x'.repeat(50))).toBeUndefined();
    expect(displayNameProblem('🎃'.repeat(50))).toBeUndefined();
    expect(displayNameProblem('x'.repeat(51))).toBe('Display name must be at most 50 characters.');
    expect(displayNameProblem('   ')).toBe('Display name cannot be empty.');
  });

  it('rejects control characters', () => {
    expect(displayNameProblem('Lurch\u0007')).toBe(
      'Display name cannot contain control characters.',
    );
    expect(displayNameProblem('Thing\nOne')).toBe(
      'Display name cannot contain control characters.',
    );
  });
});

describe('Profile', () => {
  it('fills an empty profile with the name from the e-mail and the token avatar', async () => {
    const t = await signedIn('pugsley@addams.example', undefined, 'https://a/v.png');
    expect(t.services.profile.getSnapshot().profile).toEqual({
      displayName: 'pugsley',
      avatarUrl: 'https://a/v.png',
    });
    expect(t.remote.sessionData.get('user-profile')).toMatchObject({ displayName: 'pugsley' });
  });

  it('re-initialises a stored name of User', async () => {
    const t = await signedIn('fester@addams.example', { displayName: 'User', avatarUrl: '' });
    expect(t.services.profile.getSnapshot().profile.displayName).toBe('fester');
  });

  it('keeps a stored name the user chose', async () => {
    const t = await signedIn('fester@addams.example', {
      displayName: 'Uncle F',
      avatarUrl: 'data:x',
    });
    expect(t.services.profile.getSnapshot().profile).toEqual({
      displayName: 'Uncle F',
      avatarUrl: 'data:x',
    });
  });

  it('uses User without an e-mail', async () => {
    const t = await signedIn(undefined);
    expect(t.services.profile.getSnapshot().profile.displayName).toBe('User');
  });

  it('saves a trimmed name and the avatar', async () => {
    const t = await signedIn('a@b.c');
    const outcome = await t.services.profile.save({
      displayName: '  Morticia ',
      avatarUrl: 'data:a',
    });
    expect(outcome).toEqual({ ok: true });
    expect(t.services.profile.getSnapshot().profile).toEqual({
      displayName: 'Morticia',
      avatarUrl: 'data:a',
    });
    expect(t.remote.sessionData.get('user-profile')).toEqual({
      displayName: 'Morticia',
      avatarUrl: 'data:a',
    });
  });

  it('passes on the storage warning when the device refuses to keep the profile, and saves it remotely', async () => {
    const t = await signedIn('a@b.c');
    expect(t.services.profile.getSnapshot().storageWarning).toBeUndefined();
    t.local.setItem = () => false;
    expect(await t.services.profile.save({ displayName: 'Wednesday' })).toEqual({ ok: true });
    expect(t.services.profile.getSnapshot().storageWarning).toMatch(
      /^Your browser storage is full/,
    );
    expect(t.remote.sessionData.get('user-profile')).toMatchObject({ displayName: 'Wednesday' });
  });

  it('refuses an invalid name with a clear message and stores nothing', async () => {
    const t = await signedIn('a@b.c');
    const outcome = await t.services.profile.save({ displayName: '' });
    expect(outcome).toEqual({ ok: false, message: 'Display name cannot be empty.' });
    expect(t.services.profile.getSnapshot().profile.displayName).toBe('a');
  });
});

describe('Profile in two tabs', () => {
  it('takes the profile another tab stored on the device, and re-reads the platform on return at most once per focusRefetchMs', async () => {
    const t = await signedIn('gomez@addams.example', { displayName: 'Gomez', avatarUrl: '' });
    // Another tab of this app saved Account Settings: the device's copy changed under this one.
    t.local.setItem('user-profile', JSON.stringify({ displayName: 'Tish', avatarUrl: '' }));
    t.remote.calls = [];
    t.services.profile.takeDeviceCopy();
    expect(t.services.profile.getSnapshot().profile.displayName).toBe('Tish');
    expect(t.remote.calls).toEqual([]);

    t.remote.sessionData.set('user-profile', { displayName: 'Morticia', avatarUrl: '' });
    await t.services.profile.refreshOnReturn();
    await t.services.profile.refreshOnReturn();
    expect(t.remote.calls).toEqual(['get user-profile']);
    expect(t.services.profile.getSnapshot().profile.displayName).toBe('Morticia');
    t.clock.advance(LIMITS.focusRefetchMs - 1);
    await t.services.profile.refreshOnReturn();
    expect(t.remote.calls).toHaveLength(1);
    t.clock.advance(1);
    await t.services.profile.refreshOnReturn();
    expect(t.remote.calls).toHaveLength(2);
  });

  it('does not write a default name back when another tab removed the profile (it signed out)', async () => {
    const t = await signedIn('fester@addams.example', { displayName: 'Fester', avatarUrl: '' });
    t.local.removeItem('user-profile');
    t.remote.calls = [];
    t.services.profile.takeDeviceCopy();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(t.remote.calls).toEqual([]);
  });
});
