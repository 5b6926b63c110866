import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryAuth, fakeToken } from '../../adapters/memory/memory-auth';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { FakeClock } from '../../tests/support/fake-clock';
import { Session, type SessionConfig } from './session';

const KEY = 'subscribe-dev-access-token';

describe('Session', () => {
  let clock: FakeClock;
  let auth: MemoryAuth;
  let local: MemoryLocalStorage;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const token = (sub: string, ttlSeconds = 3600, email = `${sub}@example.com`) =>
    fakeToken({ sub, email, exp: nowSeconds() + ttlSeconds });
  const session = (config: SessionConfig = {}) => new Session(auth, local, clock, config);

  beforeEach(() => {
    clock = new FakeClock();
    auth = new MemoryAuth();
    local = new MemoryLocalStorage();
  });

  it('starts not ready and signed out', () => {
    const state = session({ projectToken: 'p' }).getSnapshot();
    expect(state).toMatchObject({ isReady: false, isSignedIn: false, hasSignedOut: false });
  });

  it('expiry() says when the signed-in token expires and how long it has left; nothing when signed out', async () => {
    const s = session({ accessToken: token('u1', 600) });
    await s.start();
    expect(s.expiry()).toEqual({ at: (nowSeconds() + 600) * 1000, leftMs: 600_000 });
    const anonymous = session({ projectToken: 'p' });
    await anonymous.start();
    expect(anonymous.expiry()).toBeUndefined();
  });

  it('with no token at all runs in demo mode, anonymous', async () => {
    const s = session();
    await s.start();
    expect(s.getSnapshot()).toMatchObject({
      isReady: true,
      isSignedIn: false,
      mode: 'demo',
      isDemo: true,
      canFetchUsage: false,
      canUseStorage: false,
    });
    expect(auth.credentials).toEqual({});
  });

  it('with a project token only is anonymous and not demo', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ mode: 'project', isDemo: false, isSignedIn: false });
    expect(auth.credentials).toEqual({ projectToken: 'p' });
  });

  it('prefers the accessToken prop over the persisted token (priority 2 over 3)', async () => {
    local.setItem(KEY, token('persisted'));
    const prop = token('prop');
    const s = session({ projectToken: 'p', accessToken: prop });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ isSignedIn: true, token: prop, mode: 'access-token' });
    expect(s.getSnapshot().user).toEqual({
      userId: 'prop',
      email: 'prop@example.com',
      avatarUrl: undefined,
    });
    expect(auth.credentials).toEqual({ accessToken: prop });
  });

  it('uses the persisted token before a user token (priority 3 over 4), storage allowed', async () => {
    const persisted = token('persisted');
    local.setItem(KEY, persisted);
    const s = session({ projectToken: 'p', userToken: 'u' });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({
      token: persisted,
      canUseStorage: true,
      canFetchUsage: true,
    });
  });

  it('signs in headless with userToken and projectToken: usage yes, storage no (priority 4)', async () => {
    const s = session({ projectToken: 'p', userToken: 'u', getUserToken: async () => 'g' });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({
      mode: 'headless',
      isSignedIn: true,
      canFetchUsage: true,
      canUseStorage: false,
    });
    expect(auth.credentials).toEqual({ projectToken: 'p', userToken: 'u' });
  });

  it('asks getUserToken when there is no user token (priority 5)', async () => {
    const getUserToken = async () => 'g';
    const s = session({ projectToken: 'p', getUserToken });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ mode: 'headless', token: 'g' });
    expect(auth.credentials).toEqual({ projectToken: 'p', getUserToken });
  });

  it('falls back to the project token when getUserToken fails', async () => {
    const s = session({
      projectToken: 'p',
      getUserToken: async () => {
        throw new Error('nope');
      },
    });
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ mode: 'project', isSignedIn: false });
  });

  it('ignores a user token without a project token', async () => {
    const s = session({ userToken: 'u' });
    await s.start();
    expect(s.getSnapshot().mode).toBe('demo');
  });

  it('discards and removes a persisted token expiring within 30 s', async () => {
    local.setItem(KEY, token('late', 30));
    const s = session({ projectToken: 'p' });
    await s.start();
    expect(s.getSnapshot().isSignedIn).toBe(false);
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('keeps a token expiring in 31 s', async () => {
    local.setItem(KEY, token('ok', 31));
    const s = session({ projectToken: 'p' });
    await s.start();
    expect(s.getSnapshot().isSignedIn).toBe(true);
  });

  it('discards and removes a persisted token without exp', async () => {
    local.setItem(KEY, fakeToken({ sub: 'noexp' }));
    const s = session({ projectToken: 'p' });
    await s.start();
    expect(s.getSnapshot().isSignedIn).toBe(false);
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('skips an expired accessToken prop and goes on to the next source', async () => {
    const persisted = token('persisted');
    local.setItem(KEY, persisted);
    const s = session({ accessToken: token('old', -10) });
    await s.start();
    expect(s.getSnapshot().token).toBe(persisted);
  });

  it('sign-out clears the persisted token, user and token, and keeps the project token only', async () => {
    const s = session({ projectToken: 'p', accessToken: token('prop') });
    await s.start();
    await s.acceptToken(token('fresh'));
    await s.signOut();
    expect(local.getItem(KEY)).toBeUndefined();
    expect(s.getSnapshot()).toMatchObject({
      isSignedIn: false,
      hasSignedOut: true,
      user: undefined,
      token: undefined,
      mode: 'project',
    });
    expect(auth.credentials).toEqual({ projectToken: 'p' });
  });

  it("sign-out asks the platform to revoke the token, then removes the user's data from the device", async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    const mine = token('alice');
    await s.acceptToken(mine);
    for (const key of [
      'pet-gallery',
      'user-profile',
      'pet-gallery:pending',
      'user-profile:pending',
      'pet-gallery:set-aside',
      'user-profile:set-aside',
    ])
      local.setItem(key, '{"of":"alice"}');
    await s.signOut();
    expect(auth.revoked).toEqual([mine]);
    for (const key of [
      'pet-gallery',
      'user-profile',
      'pet-gallery:pending',
      'user-profile:pending',
      'pet-gallery:set-aside',
      'user-profile:set-aside',
    ])
      expect(local.getItem(key)).toBeUndefined();
  });

  it("a token that expired while the app was closed takes the user's data with it on the next start", async () => {
    local.setItem(KEY, token('alice', 60));
    local.setItem('pet-gallery', '{"of":"alice"}');
    local.setItem('user-profile', '{"name":"Alice"}');
    clock.advance(2 * 60_000);
    await session({ projectToken: 'p' }).start();
    expect(local.getItem('pet-gallery')).toBeUndefined();
    expect(local.getItem('user-profile')).toBeUndefined();
  });

  it('while the token is being revoked, usage and storage are withdrawn so nothing new goes out with it', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('alice'));
    const during: { canFetchUsage: boolean; canUseStorage: boolean; isSignedIn: boolean }[] = [];
    const revoke = auth.revoke.bind(auth);
    auth.revoke = () => {
      const { canFetchUsage, canUseStorage, isSignedIn } = s.getSnapshot();
      during.push({ canFetchUsage, canUseStorage, isSignedIn });
      return revoke();
    };
    await s.signOut();
    expect(during).toEqual([{ canFetchUsage: false, canUseStorage: false, isSignedIn: true }]);
  });

  it('switching account on request signs the first one out: revoked, its data removed', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    const alice = token('alice');
    await s.acceptToken(alice);
    local.setItem('pet-gallery', '{"of":"alice"}');
    await s.accountSwitch.offer(token('bob'), false);
    await s.accountSwitch.confirm();
    expect(auth.revoked).toEqual([alice]);
    expect(local.getItem('pet-gallery')).toBeUndefined();
    expect(s.getSnapshot().user?.userId).toBe('bob');
  });

  it('a sign-out the platform forced (401) or an expiry removes the data too, without a revoke call', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('alice'));
    local.setItem('pet-gallery', '{"of":"alice"}');
    auth.emitUnauthorized();
    await clock.advanceAsync(0);
    expect(s.getSnapshot().isSignedIn).toBe(false);
    expect(local.getItem('pet-gallery')).toBeUndefined();
    expect(auth.revoked).toEqual([]);
  });

  it('sign-out still signs out when the platform cannot be reached to revoke', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('alice'));
    auth.revoke = () => Promise.reject(new Error('offline'));
    await s.signOut();
    expect(s.getSnapshot()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
  });

  describe('a token from the address (login CSRF)', () => {
    const signedInAsAlice = async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      await s.acceptToken(token('alice'));
      return s;
    };

    it('is accepted over another account when this tab asked for it (its state came back)', async () => {
      const s = await signedInAsAlice();
      await s.accountSwitch.offer(token('bob'), true);
      expect(s.getSnapshot().user?.userId).toBe('bob');
    });

    it('is accepted unasked when it is the account signed in here', async () => {
      const s = await signedInAsAlice();
      const fresher = token('alice', 7200);
      await s.accountSwitch.offer(fresher, false);
      expect(s.getSnapshot().token).toBe(fresher);
      expect(s.accountSwitch.getSnapshot().pending).toBeUndefined();
    });

    it('unasked while nobody is signed in, waits for the person: no one is signed in until they confirm', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      const mallory = token('mallory');
      await s.accountSwitch.offer(mallory, false);
      expect(s.getSnapshot()).toMatchObject({ isSignedIn: false });
      expect(s.accountSwitch.getSnapshot()).toMatchObject({
        pending: { token: mallory, user: { userId: 'mallory' } },
      });
      expect(local.getItem(KEY)).toBeUndefined();
      await s.accountSwitch.confirm();
      expect(s.getSnapshot()).toMatchObject({ user: { userId: 'mallory' } });
      expect(s.accountSwitch.getSnapshot().pending).toBeUndefined();
      expect(auth.revoked).toEqual([]);
    });

    it('asked for while nobody is signed in, is accepted at once', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      await s.accountSwitch.offer(token('alice'), true);
      expect(s.getSnapshot().user?.userId).toBe('alice');
    });

    it('for another account, unasked, waits for the person: nothing switches until they confirm', async () => {
      const s = await signedInAsAlice();
      const bob = token('bob');
      await s.accountSwitch.offer(bob, false);
      expect(s.getSnapshot().user?.userId).toBe('alice');
      expect(s.accountSwitch.getSnapshot().pending).toEqual({
        token: bob,
        user: expect.objectContaining({ userId: 'bob', email: 'bob@example.com' }),
      });
      expect(local.getItem(KEY)).not.toBe(bob);
      await s.accountSwitch.confirm();
      expect(s.getSnapshot()).toMatchObject({ user: { userId: 'bob' } });
      expect(s.accountSwitch.getSnapshot().pending).toBeUndefined();
    });

    it('declined, the other token is dropped and the account stays', async () => {
      const s = await signedInAsAlice();
      await s.accountSwitch.offer(token('mallory'), false);
      s.accountSwitch.decline();
      expect(s.getSnapshot()).toMatchObject({ user: { userId: 'alice' } });
      expect(s.accountSwitch.getSnapshot().pending).toBeUndefined();
      await s.accountSwitch.confirm();
      expect(s.getSnapshot().user?.userId).toBe('alice');
    });
  });

  describe('short-lived tokens are renewed before they end', () => {
    it('renews the kept token once less than 10 minutes are left, and keeps the fresh one', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      await s.acceptToken(token('alice', 15 * 60));
      const fresh = token('alice', 60 * 60);
      auth.nextToken = fresh;
      await clock.advanceAsync(4 * 60_000);
      expect(s.getSnapshot().token).not.toBe(fresh);
      await clock.advanceAsync(2 * 60_000);
      expect(s.getSnapshot()).toMatchObject({ token: fresh, isSignedIn: true });
      expect(local.getItem(KEY)).toBe(fresh);
    });

    it('offline, keeps trying and ends the session at the token’s expiry as before', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      await s.acceptToken(token('alice', 15 * 60));
      auth.nextToken = undefined;
      await clock.advanceAsync(14 * 60_000);
      expect(s.getSnapshot().isSignedIn).toBe(true);
      await clock.advanceAsync(60_000);
      expect(s.getSnapshot().isSignedIn).toBe(false);
    });

    it('inside the last 30 s, tries the renewal once more before signing out (a run may be in flight)', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      await s.acceptToken(token('alice', 15 * 60));
      auth.nextToken = undefined; // renewals cannot get through
      await clock.advanceAsync(14 * 60_000 + 25_000);
      expect(s.getSnapshot().isSignedIn).toBe(true);
      // The next sweep finds the token inside the 30 s margin; the platform answers again.
      const fresh = token('alice', 60 * 60);
      auth.nextToken = fresh;
      await clock.advanceAsync(10_000);
      expect(s.getSnapshot()).toMatchObject({ isSignedIn: true, token: fresh });
    });

    it('leaves a token the host page handed in (the accessToken prop) to the host', async () => {
      const s = session({ projectToken: 'p', accessToken: token('host', 5 * 60) });
      await s.start();
      auth.nextToken = token('host', 60 * 60);
      await clock.advanceAsync(60_000);
      expect(s.getSnapshot().token).not.toBe(auth.nextToken);
    });
  });

  it('withdraws storage and usage in the very update that drops the user', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('fresh'));
    const seen: { user: unknown; canUseStorage: boolean; canFetchUsage: boolean }[] = [];
    s.subscribe(() => {
      const { user, canUseStorage, canFetchUsage } = s.getSnapshot();
      seen.push({ user, canUseStorage, canFetchUsage });
    });
    await s.signOut();
    const withoutUser = seen.filter((state) => state.user === undefined);
    expect(withoutUser.length).toBeGreaterThan(0);
    for (const state of withoutUser) {
      expect(state).toMatchObject({ canUseStorage: false, canFetchUsage: false });
    }
  });

  it('after sign-out ignores even the accessToken prop and the user token (priority 1)', async () => {
    const s = session({ projectToken: 'p', accessToken: token('prop'), userToken: 'u' });
    await s.start();
    await s.signOut();
    await s.start();
    expect(s.getSnapshot()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
  });

  it('a new token clears hasSignedOut, is persisted and signs in', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.signOut();
    const fresh = token('fresh');
    await s.acceptToken(fresh);
    expect(local.getItem(KEY)).toBe(fresh);
    expect(s.getSnapshot()).toMatchObject({ hasSignedOut: false, isSignedIn: true, token: fresh });
  });

  it('every 10 s signs out a token that has expired', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('short', 45));
    await clock.advanceAsync(10_000);
    expect(s.getSnapshot().isSignedIn).toBe(true);
    await clock.advanceAsync(10_000);
    expect(s.getSnapshot()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
    expect(local.getItem(KEY)).toBeUndefined();
  });

  it('does not check expiry between the 10 s ticks', async () => {
    const s = session({ projectToken: 'p' });
    await s.start();
    await s.acceptToken(token('short', 35));
    await clock.advanceAsync(9_999);
    expect(s.getSnapshot().isSignedIn).toBe(true);
    await clock.advanceAsync(1);
    expect(s.getSnapshot().isSignedIn).toBe(false);
  });

  it('a 401 from any platform call signs the user out silently', async () => {
    const s = session({ projectToken: 'p', accessToken: token('prop') });
    await s.start();
    auth.emitUnauthorized();
    await clock.advanceAsync(0);
    expect(s.getSnapshot()).toMatchObject({ isSignedIn: false, hasSignedOut: true });
  });

  it('stops the sweep and the 401 watch on dispose', async () => {
    const s = session({ projectToken: 'p', accessToken: token('prop') });
    await s.start();
    s.dispose();
    auth.emitUnauthorized();
    await clock.advanceAsync(0);
    expect(s.getSnapshot().isSignedIn).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('sign-in goes to the authorization page with the project token and redirect uri', async () => {
    const s = session({ projectToken: 'abc==' });
    await s.start();
    const url = new URL(s.signInUrl('http://app.test/'));
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('project_token')).toBe('abc');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/');
  });

  it('notifies subscribers with a new frozen snapshot', async () => {
    const s = session({ projectToken: 'p' });
    const seen: unknown[] = [];
    s.subscribe(() => seen.push(s.getSnapshot()));
    await s.start();
    expect(seen).toHaveLength(1);
    expect(Object.isFrozen(s.getSnapshot())).toBe(true);
    s.subscriptionOverlay.show('http://pricing');
    expect(s.subscriptionOverlay.getSnapshot().url).toBe('http://pricing');
  });
  describe('rules mutation testing found unstated', () => {
    it('starts in demo mode with nothing allowed', () => {
      expect(session().getSnapshot()).toMatchObject({
        mode: 'demo',
        isDemo: true,
        canFetchUsage: false,
        canUseStorage: false,
        isSignedIn: false,
      });
    });

    it('signs a headless user in with the user read from their token, or none from an opaque one', async () => {
      const userToken = token('headless-user');
      const s = session({ projectToken: 'p', userToken });
      await s.start();
      expect(s.getSnapshot().user).toMatchObject({ userId: 'headless-user' });
      const opaque = session({ projectToken: 'p', userToken: 'opaque' });
      await opaque.start();
      expect(opaque.getSnapshot()).toMatchObject({ mode: 'headless', user: undefined });
    });

    it('the expiry sweep leaves a headless user signed in: their token is the host’s', async () => {
      const s = session({ projectToken: 'p', userToken: 'opaque' });
      await s.start();
      await clock.advanceAsync(30_000);
      expect(s.getSnapshot()).toMatchObject({
        mode: 'headless',
        isSignedIn: true,
        hasSignedOut: false,
      });
    });

    it('signing out a headless user revokes nothing: there is no access token of ours', async () => {
      const revoke = vi.spyOn(auth, 'revoke');
      const s = session({ projectToken: 'p', userToken: token('host-user') });
      await s.start();
      await s.signOut();
      expect(revoke).not.toHaveBeenCalled();
    });

    it('a 401 while nobody is signed in changes nothing', async () => {
      const s = session({ projectToken: 'p' });
      await s.start();
      auth.emitUnauthorized();
      await clock.advanceAsync(0);
      expect(s.getSnapshot().hasSignedOut).toBe(false);
    });

    it('a sign-in that finishes first is not undone by a slower one started before it', async () => {
      let provide = (_: string) => {};
      const s = session({
        projectToken: 'p',
        getUserToken: () => new Promise<string>((resolve) => (provide = resolve)),
      });
      const starting = s.start();
      await s.acceptToken(token('alice'));
      provide('late-user-token');
      await starting;
      expect(s.getSnapshot()).toMatchObject({ mode: 'access-token', user: { userId: 'alice' } });
      expect(auth.credentials).toEqual({ accessToken: local.getItem(KEY) });
    });

    describe('a token from the address', () => {
      it('that cannot be read is ignored', async () => {
        const s = session({ projectToken: 'p' });
        await s.start();
        await s.accountSwitch.offer('not-a-token', true);
        expect(s.getSnapshot().isSignedIn).toBe(false);
        expect(local.getItem(KEY)).toBeUndefined();
      });

      it('waits for the person when the host page signed someone else in (accessToken prop)', async () => {
        const s = session({ projectToken: 'p', accessToken: token('alice') });
        await s.start();
        await s.accountSwitch.offer(token('bob'), false);
        expect(s.getSnapshot()).toMatchObject({ user: { userId: 'alice' } });
        expect(s.accountSwitch.getSnapshot()).toMatchObject({
          pending: { user: { userId: 'bob' } },
        });
      });

      it('is asked about when the account kept here has expired (nobody is signed in)', async () => {
        const s = session({ projectToken: 'p' });
        await s.start();
        local.setItem(KEY, token('alice', 10));
        await s.accountSwitch.offer(token('bob'), false);
        expect(s.getSnapshot().user).toBeUndefined();
        expect(s.accountSwitch.getSnapshot().pending?.user.userId).toBe('bob');
      });
    });

    describe('renewal', () => {
      const signedIn = async (ttlSeconds: number) => {
        const s = session({ projectToken: 'p' });
        await s.start();
        await s.acceptToken(token('alice', ttlSeconds));
        return s;
      };

      it('renews with exactly 10 minutes left, not a second before', async () => {
        const refresh = vi.spyOn(auth, 'refresh');
        auth.nextToken = token('alice', 3600);
        const s = await signedIn(10 * 60 + 1);
        await s.refreshIfDue();
        expect(refresh).not.toHaveBeenCalled();
        clock.set(clock.now() + 1_000);
        await s.refreshIfDue();
        expect(refresh).toHaveBeenCalledTimes(1);
        expect(s.getSnapshot().token).toBe(auth.nextToken);
      });

      it('asks once while a renewal is on its way, and again after one failed', async () => {
        const s = await signedIn(60);
        let answer = (_: string) => {};
        let fail = (_: Error) => {};
        const refresh = vi
          .spyOn(auth, 'refresh')
          .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
          .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
        const first = s.refreshIfDue();
        await s.refreshIfDue();
        expect(refresh).toHaveBeenCalledTimes(1);
        fail(new Error('offline'));
        await first;
        const second = s.refreshIfDue();
        expect(refresh).toHaveBeenCalledTimes(2);
        const fresh = token('alice', 3600);
        answer(fresh);
        await second;
        expect(s.getSnapshot().token).toBe(fresh);
        // Done: the next renewal is asked for again once due.
        auth.nextToken = token('alice', 7200);
        clock.set(clock.now() + 55 * 60_000);
        await s.refreshIfDue();
        expect(refresh).toHaveBeenCalledTimes(3);
      });

      it('a renewal that arrives after sign-out is dropped', async () => {
        const s = await signedIn(60);
        let answer = (_: string) => {};
        vi.spyOn(auth, 'refresh').mockImplementationOnce(
          () => new Promise((resolve) => (answer = resolve)),
        );
        const renewing = s.refreshIfDue();
        await s.signOut();
        answer(token('alice', 3600));
        await renewing;
        expect(s.getSnapshot().isSignedIn).toBe(false);
        expect(local.getItem(KEY)).toBeUndefined();
      });

      it('never renews for a headless user', async () => {
        const refresh = vi.spyOn(auth, 'refresh');
        const s = session({ projectToken: 'p', userToken: token('host-user', 60) });
        await s.start();
        await s.refreshIfDue();
        expect(refresh).not.toHaveBeenCalled();
      });
    });
  });
});
