import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { domainError } from '../errors';
import { FakeClock } from '../../tests/support/fake-clock';
import { StorageSync, type StorageAccess } from './storage-sync';
import { Store } from './store';

class Access extends Store<{ canUseStorage: boolean; user?: { userId: string } }> {
  set(canUseStorage: boolean, userId = 'u1') {
    this.update({ canUseStorage, user: { userId } });
  }
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('StorageSync', () => {
  let local: MemoryLocalStorage;
  let remote: MemoryRemoteStorage;
  let access: Access;
  const sync = () =>
    new StorageSync<string[]>(
      'pet-gallery',
      [],
      isStringList,
      local,
      remote,
      access as StorageAccess,
    );

  beforeEach(() => {
    local = new MemoryLocalStorage();
    remote = new MemoryRemoteStorage();
    access = new Access({ canUseStorage: true, user: { userId: 'u1' } });
  });

  it('starts from the local copy in state local', () => {
    local.setItem('pet-gallery', '["a"]');
    expect(sync().getSnapshot()).toEqual({ value: ['a'], status: 'local' });
  });

  it('starts from the initial value when nothing is stored', () => {
    expect(sync().getSnapshot().value).toEqual([]);
  });

  it.each(['[object Object]', '{not json', '"[object Object]"', '["[object Object]"]', '42'])(
    'repairs a corrupted stored value %s to the initial value',
    (raw) => {
      local.setItem('pet-gallery', raw);
      expect(sync().getSnapshot().value).toEqual([]);
      expect(local.getItem('pet-gallery')).toBe('[]');
    },
  );

  it('on load goes syncing then synced, and the remote value overwrites local', async () => {
    local.setItem('pet-gallery', '["local"]');
    remote.sessionData.set('pet-gallery', ['remote']);
    const s = sync();
    const statuses: string[] = [];
    s.subscribe(() => statuses.push(s.getSnapshot().status));
    await s.load();
    expect(statuses).toContain('syncing');
    expect(s.getSnapshot()).toMatchObject({ value: ['remote'], status: 'synced' });
    expect(local.getItem('pet-gallery')).toBe('["remote"]');
  });

  it('on load removes the local copy when the remote value is absent', async () => {
    local.setItem('pet-gallery', '["local"]');
    const s = sync();
    await s.load();
    expect(s.getSnapshot()).toMatchObject({ value: [], status: 'synced' });
    expect(local.getItem('pet-gallery')).toBeUndefined();
  });

  it('repairs a corrupted remote value locally and remotely', async () => {
    remote.sessionData.set('pet-gallery', '[object Object]');
    const s = sync();
    await s.load();
    expect(s.getSnapshot().value).toEqual([]);
    expect(remote.sessionData.get('pet-gallery')).toEqual([]);
  });

  it('keeps using local data when the remote read fails with anything but 401', async () => {
    local.setItem('pet-gallery', '["local"]');
    remote.failWith = domainError({ code: 'SERVICE_UNAVAILABLE' }, 'down', { statusCode: 503 });
    const s = sync();
    await s.load();
    expect(s.getSnapshot()).toMatchObject({ value: ['local'], status: 'error', error: 'down' });
  });

  it('does not show the local copy when the remote read answers 401', async () => {
    local.setItem('pet-gallery', '["local"]');
    remote.failWith = domainError({ code: 'AUTHENTICATION_FAILED' }, 'expired', {
      statusCode: 401,
    });
    const s = sync();
    await s.load();
    expect(s.getSnapshot()).toMatchObject({ value: [], status: 'error' });
  });

  it('set writes locally first, then remotely', async () => {
    const s = sync();
    const pending = s.set(['x']);
    expect(local.getItem('pet-gallery')).toBe('["x"]');
    expect(s.getSnapshot()).toMatchObject({ value: ['x'], status: 'syncing' });
    await pending;
    expect(remote.sessionData.get('pet-gallery')).toEqual(['x']);
    expect(s.getSnapshot().status).toBe('synced');
  });

  it('set sends its edits, merged onto what another device stored meanwhile, and shows the result', async () => {
    const s = sync();
    // Added by this device, kept after everything another device stored.
    s.mergeEditsWith((base, mine, theirs) => [
      ...theirs,
      ...mine.filter((x) => !base.includes(x) && !theirs.includes(x)),
    ]);
    remote.sessionData.set('pet-gallery', ['other device']);
    await s.set((current) => [...current, 'mine']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['other device', 'mine']);
    expect(s.getSnapshot()).toMatchObject({ value: ['other device', 'mine'], status: 'synced' });
    expect(local.getItem('pet-gallery')).toBe('["other device","mine"]');
  });

  it('without a merge, a changed value replaces the one another device stored', async () => {
    remote.sessionData.set('pet-gallery', ['other device']);
    const s = sync();
    await s.set(['mine']);
    expect(remote.sessionData.get('pet-gallery')).toEqual(['mine']);
  });

  it('a burst of edits costs two remote writes, not one each: one in flight, the latest state next', async () => {
    const s = sync();
    await s.load();
    let writes = 0;
    let release!: () => void;
    const firstInFlight = new Promise<void>((resolve) => (release = resolve));
    const update = remote.update.bind(remote);
    remote.update = async (key, edit) => {
      writes += 1;
      if (writes === 1) await firstInFlight;
      return update(key, edit);
    };
    const first = s.set((list) => [...list, 'heart-0']);
    await Promise.resolve();
    // 35 more hearts while the first write is on its way.
    const more = Array.from({ length: 35 }, (_, i) => s.set((list) => [...list, `heart-${i + 1}`]));
    release();
    await Promise.all([first, ...more]);
    expect(writes).toBe(2);
    expect(await remote.get('pet-gallery')).toHaveLength(36);
    expect(s.getSnapshot().status).toBe('synced');
  });

  it('set keeps the local write when the remote write fails', async () => {
    remote.failWith = new Error('network down');
    const s = sync();
    await s.set((current) => [...current, 'y']);
    expect(local.getItem('pet-gallery')).toBe('["y"]');
    expect(s.getSnapshot()).toMatchObject({ value: ['y'], status: 'error' });
  });

  it('edits the platform refused are sent again after 1, 2, 4 s until they land, and kept meanwhile', async () => {
    const clock = new FakeClock();
    const s = new StorageSync<string[]>(
      'pet-gallery',
      [],
      isStringList,
      local,
      remote,
      access as StorageAccess,
      clock,
    );
    remote.failWith = new Error("This project's storage is full");
    await s.set(['made']);
    expect(s.getSnapshot()).toMatchObject({ status: 'error', value: ['made'] });
    await clock.advanceAsync(1_000);
    await clock.advanceAsync(2_000);
    expect(s.getSnapshot()).toMatchObject({ status: 'error', value: ['made'] });
    expect(local.getItem('pet-gallery')).toBe('["made"]');
    remote.failWith = undefined;
    await clock.advanceAsync(3_999);
    expect(await remote.get('pet-gallery')).toBeUndefined();
    await clock.advanceAsync(1);
    await s.idle();
    expect(await remote.get('pet-gallery')).toEqual(['made']);
    expect(s.getSnapshot().status).toBe('synced');
    expect(clock.pending).toBe(0);
  });

  it('remove applies locally first, then remotely', async () => {
    remote.sessionData.set('pet-gallery', ['r']);
    local.setItem('pet-gallery', '["r"]');
    const s = sync();
    const pending = s.remove();
    expect(local.getItem('pet-gallery')).toBeUndefined();
    expect(s.getSnapshot().value).toEqual([]);
    await pending;
    expect(remote.sessionData.has('pet-gallery')).toBe(false);
  });

  it('stays local without touching the platform when storage is not allowed', async () => {
    access.set(false);
    const s = sync();
    await s.load();
    await s.set(['z']);
    expect(s.getSnapshot()).toMatchObject({ value: ['z'], status: 'local' });
    expect(remote.calls).toEqual([]);
  });

  it('reloads when the user signs in with storage', async () => {
    access.set(false);
    remote.sessionData.set('pet-gallery', ['mine']);
    const s = sync();
    access.set(true, 'u2');
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(s.getSnapshot()).toMatchObject({ value: ['mine'], status: 'synced' });
  });

  it('a write made during a load is not overwritten by the load', async () => {
    remote.sessionData.set('pet-gallery', ['old']);
    const s = sync();
    const loading = s.load();
    await s.set(['new']);
    await loading;
    expect(s.getSnapshot().value).toEqual(['new']);
  });
  describe('rules mutation testing found unstated', () => {
    /** Makes the remote's next `call` wait until released. */
    function hold(call: 'get' | 'update') {
      let release!: () => void;
      let refuse!: (error: unknown) => void;
      const original = remote[call].bind(remote) as (...args: never[]) => Promise<unknown>;
      remote[call] = (async (...args: never[]) => {
        remote[call] = original as never;
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          refuse = reject;
        });
        return original(...args);
      }) as never;
      return { release: () => release(), refuse: (error: unknown) => refuse(error) };
    }

    it('a change of access that keeps the same user and permission reads nothing again', async () => {
      const s = sync();
      await s.load();
      remote.calls = [];
      access.set(true, 'u1');
      await s.idle();
      expect(remote.calls).toEqual([]);
    });

    it('another user signing in with storage reads their value', async () => {
      remote.sessionData.set('pet-gallery', ['u1 list']);
      const s = sync();
      await s.load();
      remote.sessionData.set('pet-gallery', ['u2 list']);
      access.set(true, 'u2');
      await s.idle();
      expect(s.getSnapshot().value).toEqual(['u2 list']);
    });

    it('a clean remote value is not written back', async () => {
      remote.sessionData.set('pet-gallery', ['r']);
      const s = sync();
      await s.load();
      expect(remote.calls).toEqual(['get pet-gallery']);
    });

    it('shows the value it was given, not a copy, when the platform stored the same', async () => {
      const s = sync();
      await s.load();
      const mine = ['a'];
      await s.set(mine);
      expect(s.getSnapshot().value).toBe(mine);
    });

    it('a load clears the last error while it reads', async () => {
      remote.failWith = new Error('down');
      const s = sync();
      await s.load();
      expect(s.getSnapshot().status).toBe('error');
      remote.failWith = undefined;
      const get = hold('get');
      const loading = s.load();
      expect(s.getSnapshot()).toMatchObject({ status: 'syncing', error: undefined });
      get.release();
      await loading;
    });

    it('a load overtaken by a write does not report its own failure', async () => {
      const s = sync();
      const get = hold('get');
      const loading = s.load();
      await s.set(['mine']);
      get.refuse(new Error('stale read failed'));
      await loading;
      expect(s.getSnapshot()).toMatchObject({ value: ['mine'], status: 'synced' });
    });

    it('stays syncing while a later write is still on its way', async () => {
      const s = sync();
      await s.load();
      const first = hold('update');
      const one = s.set(['one']);
      await Promise.resolve();
      const two = s.set(['one', 'two']);
      const statuses: string[] = [];
      s.subscribe(() => statuses.push(s.getSnapshot().status));
      first.release();
      await Promise.all([one, two]);
      expect(statuses.filter((status) => status === 'synced')).toEqual(['synced']);
      expect(statuses.at(-1)).toBe('synced');
    });

    it('idle waits for the load on its way and for a write started meanwhile', async () => {
      const s = sync();
      const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
      const get = hold('get');
      void s.load();
      let idle = false;
      const waiting = s.idle().then(() => (idle = true));
      const update = hold('update');
      void s.set(['x']);
      get.release();
      await flush();
      expect(idle).toBe(false);
      update.release();
      await waiting;
      expect(remote.sessionData.get('pet-gallery')).toEqual(['x']);
    });

    it('after a 401 nothing is pushed as the user’s', async () => {
      const s = sync();
      remote.failWith = domainError({ code: 'AUTHENTICATION_FAILED' }, 'expired', {
        statusCode: 401,
      });
      await s.load();
      remote.failWith = undefined;
      remote.calls = [];
      await s.set(['typed after the 401']);
      expect(remote.calls).toEqual([]);
    });

    it('works with a platform that has no update call: read, merge, write', async () => {
      const plain = {
        get: remote.get.bind(remote),
        set: remote.set.bind(remote),
        remove: remote.remove.bind(remote),
        clear: remote.clear.bind(remote),
      };
      remote.sessionData.set('pet-gallery', ['theirs']);
      const s = new StorageSync<string[]>(
        'pet-gallery',
        [],
        isStringList,
        local,
        plain,
        access as StorageAccess,
      );
      s.mergeEditsWith((base, mine, theirs) => [
        ...theirs,
        ...mine.filter((x) => !base.includes(x)),
      ]);
      await s.set(['mine']);
      expect(remote.sessionData.get('pet-gallery')).toEqual(['theirs', 'mine']);
      expect(remote.calls).toEqual(['get pet-gallery', 'set pet-gallery']);
    });
  });
});
