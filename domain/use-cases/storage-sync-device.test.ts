// StorageSync and what the device keeps: edits not yet on the platform survive a reload, and a
// device that refuses to store (quota) is named to the user without losing anything.
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { domainError } from '../errors';
import { LOCAL_STORAGE_FULL, LOCAL_STORAGE_FULL_OFFLINE, StorageSync } from './storage-sync';
import { Store } from './store';

class Access extends Store<{ canUseStorage: boolean; user?: { userId: string } }> {
  set(canUseStorage: boolean, userId = 'u1') {
    this.update({ canUseStorage, user: { userId } });
  }
}

/** Device storage that refuses every write while full, as a browser over its quota does. */
class FullableLocalStorage extends MemoryLocalStorage {
  full = false;
  override setItem(key: string, value: string): boolean {
    if (this.full) return false;
    super.setItem(key, value);
    return true;
  }
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('StorageSync: edits the platform never received', () => {
  let local: MemoryLocalStorage;
  let remote: MemoryRemoteStorage;
  let access: Access;
  /** A fresh StorageSync over the same device storage: the page after a reload. */
  const page = () =>
    new StorageSync<string[]>('pet-gallery', [], isStringList, local, remote, access);
  const union = (base: string[], mine: string[], theirs: string[]) => [
    ...theirs,
    ...mine.filter((x) => !base.includes(x) && !theirs.includes(x)),
  ];

  /** Loads ['old'], then adds 'new' while the write never reaches the platform. */
  async function addLost(): Promise<void> {
    const before = page();
    await before.load();
    remote.failWith = new Error('page unloaded');
    await before.set((current) => [...current, 'new']);
    remote.failWith = undefined;
  }

  beforeEach(() => {
    local = new MemoryLocalStorage({ 'pet-gallery': '["old"]' });
    remote = new MemoryRemoteStorage({ 'pet-gallery': ['old'] });
    access = new Access({ canUseStorage: true, user: { userId: 'u1' } });
  });

  it('a reload while a write is in flight keeps the creation and sends it', async () => {
    await addLost();
    const reloaded = page();
    await reloaded.load();
    expect(reloaded.getSnapshot()).toMatchObject({ value: ['old', 'new'], status: 'synced' });
    expect(remote.sessionData.get('pet-gallery')).toEqual(['old', 'new']);
    expect(local.getItem('pet-gallery:pending')).toBeUndefined();
  });

  it('an absent remote value does not remove a local edit the platform never received', async () => {
    remote.sessionData.clear();
    local.removeItem('pet-gallery');
    await addLost();
    const reloaded = page();
    await reloaded.load();
    expect(reloaded.getSnapshot().value).toEqual(['new']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['new']);
  });

  it('unsent edits are merged onto the remote value: what another device stored meanwhile stays', async () => {
    await addLost();
    remote.sessionData.set('pet-gallery', ['old', 'theirs']);
    const reloaded = page();
    reloaded.mergeEditsWith(union);
    await reloaded.load();
    expect(reloaded.getSnapshot().value).toEqual(['old', 'theirs', 'new']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['old', 'theirs', 'new']);
  });

  it('another account never receives them: the remote value wins and they are dropped', async () => {
    await addLost();
    access.set(true, 'u2');
    remote.sessionData.set('pet-gallery', ['u2 gallery']);
    const reloaded = page();
    await reloaded.load();
    expect(reloaded.getSnapshot().value).toEqual(['u2 gallery']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['u2 gallery']);
    expect(local.getItem('pet-gallery:pending')).toBeUndefined();
  });

  it('once a write is acknowledged nothing is pending: on reload the remote value wins again', async () => {
    const before = page();
    await before.load();
    await before.set((current) => [...current, 'new']);
    expect(local.getItem('pet-gallery:pending')).toBeUndefined();
    remote.sessionData.set('pet-gallery', ['deleted elsewhere']);
    const reloaded = page();
    await reloaded.load();
    expect(reloaded.getSnapshot().value).toEqual(['deleted elsewhere']);
  });

  it('a failed push keeps local data and the edits pending; a 401 shows the initial value', async () => {
    await addLost();
    remote.failWith = domainError({ code: 'SERVICE_UNAVAILABLE' }, 'down', { statusCode: 503 });
    const offline = page();
    await offline.load();
    expect(offline.getSnapshot()).toMatchObject({ value: ['old', 'new'], status: 'error' });
    remote.failWith = domainError({ code: 'AUTHENTICATION_FAILED' }, 'expired', {
      statusCode: 401,
    });
    const expired = page();
    await expired.load();
    expect(expired.getSnapshot()).toMatchObject({ value: [], status: 'error' });
    expect(local.getItem('pet-gallery:pending')).toBeDefined();
    expect(remote.sessionData.get('pet-gallery')).toEqual(['old']);
  });
});

describe('StorageSync: device storage full', () => {
  let local: FullableLocalStorage;
  let remote: MemoryRemoteStorage;
  let access: Access;
  const sync = () =>
    new StorageSync<string[]>('pet-gallery', [], isStringList, local, remote, access);

  beforeEach(() => {
    local = new FullableLocalStorage({ 'pet-gallery': '["old"]' });
    remote = new MemoryRemoteStorage({ 'pet-gallery': ['old'] });
    access = new Access({ canUseStorage: true, user: { userId: 'u1' } });
  });

  it('says so in words, and the change still reaches the platform and stays on show', async () => {
    const s = sync();
    await s.load();
    local.full = true;
    await s.set((current) => [...current, 'new']);
    expect(s.getSnapshot()).toMatchObject({
      value: ['old', 'new'],
      status: 'synced',
      warning: 'Your browser storage is full: changes are saved to your account only.',
    });
    expect(LOCAL_STORAGE_FULL).toBe(s.getSnapshot().warning);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['old', 'new']);
    expect(local.getItem('pet-gallery')).toBe('["old"]');
  });

  it('a load does not go back to the older copy the device kept', async () => {
    access.set(false);
    const s = sync();
    local.full = true;
    await s.set(['new']);
    expect(s.getSnapshot().warning).toBe(LOCAL_STORAGE_FULL_OFFLINE);
    await s.load();
    expect(s.getSnapshot().value).toEqual(['new']);
  });

  it('the warning goes once the device keeps the value again', async () => {
    const s = sync();
    local.full = true;
    await s.set(['new']);
    local.full = false;
    await s.set(['newer']);
    expect(s.getSnapshot().warning).toBeUndefined();
    expect(local.getItem('pet-gallery')).toBe('["newer"]');
  });
});
