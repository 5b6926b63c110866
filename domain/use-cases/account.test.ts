import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../adapters/memory/memory-auth';
import { createTestContainer } from '../../tests/support/test-container';
import { FAKE_NOW, flush } from '../../tests/support/fake-clock';
import { planButtonLabel, presentCreditNotice, presentCredits } from './account';

const signedIn = { session: { accessToken: fakeToken({ sub: 'u', exp: FAKE_NOW / 1000 + 3600 }) } };

describe('credit display', () => {
  it('shows 2 decimals and the bar as remaining / allocated', () => {
    expect(
      presentCredits({ allocatedCredits: 20, usedCredits: 7.5, remainingCredits: 12.5 }),
    ).toEqual({ remaining: '12.50', allocated: '20.00', used: '7.50', percent: 62.5 });
    expect(
      presentCredits({ allocatedCredits: 3, usedCredits: 2, remainingCredits: 1 / 3 }).remaining,
    ).toBe('0.33');
  });

  it('clamps the bar to 0..100 and survives a zero allocation', () => {
    const bar = (remainingCredits: number, allocatedCredits: number) =>
      presentCredits({ allocatedCredits, usedCredits: 0, remainingCredits }).percent;
    expect(bar(30, 20)).toBe(100);
    expect(bar(-5, 20)).toBe(0);
    expect(bar(5, 0)).toBe(0);
  });

  it('labels the plan button Manage only with an active subscription', () => {
    expect(planButtonLabel(undefined)).toBe('Upgrade');
    expect(planButtonLabel({ hasActiveSubscription: false, status: 'none' })).toBe('Upgrade');
    expect(planButtonLabel({ hasActiveSubscription: true, status: 'active' })).toBe('Manage');
  });
});

describe('Account', () => {
  it('loads balance and plan once the user is signed in', async () => {
    const t = createTestContainer({}, signedIn);
    t.billing.subscription = { hasActiveSubscription: true, status: 'active' };
    await t.services.session.start();
    await flush();
    expect(t.services.account.getSnapshot()).toMatchObject({
      status: 'ready',
      credits: { remaining: '7.50' },
      planButtonLabel: 'Manage',
    });
  });

  it('does not fetch usage when anonymous', async () => {
    const t = createTestContainer({}, { session: { projectToken: 'p' } });
    await t.services.session.start();
    await t.services.account.refresh();
    expect(t.services.account.getSnapshot().status).toBe('idle');
  });

  it('refreshes on usage-changed', async () => {
    const t = createTestContainer({}, signedIn);
    await t.services.session.start();
    await flush();
    t.billing.balance = { allocatedCredits: 10, usedCredits: 9, remainingCredits: 1 };
    t.billing.emitUsageChanged();
    await flush();
    expect(t.services.account.getSnapshot().credits?.remaining).toBe('1.00');
  });

  it('keeps the last figures and only records a failed refresh', async () => {
    const t = createTestContainer({}, signedIn);
    await t.services.session.start();
    await flush();
    t.billing.failWith = new Error('down');
    await t.services.account.refresh();
    expect(t.services.account.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'down',
      credits: { remaining: '7.50' },
    });
  });

  it("plan() answers the sign-in read's plan; when no read answered, the platform's own answer or error", async () => {
    const t = createTestContainer({}, signedIn);
    t.billing.subscription = { hasActiveSubscription: true, status: 'active' };
    await t.services.session.start();
    t.billing.subscription = { hasActiveSubscription: false, status: 'none' };
    expect(await t.services.account.plan()).toMatchObject({ status: 'active' });

    const failed = createTestContainer({}, signedIn);
    failed.billing.failWith = new Error('down');
    await failed.services.session.start();
    await expect(failed.services.account.plan()).rejects.toThrow('down');
    failed.billing.failWith = undefined;
    expect(await failed.services.account.plan()).toMatchObject({ status: 'none' });
    expect(await failed.services.account.readBalance()).toMatchObject({ remainingCredits: 7.5 });
  });

  it('forgets the figures on sign-out', async () => {
    const t = createTestContainer({}, signedIn);
    await t.services.session.start();
    await flush();
    await t.services.session.signOut();
    expect(t.services.account.getSnapshot()).toMatchObject({ status: 'idle', credits: undefined });
    expect(await t.services.account.subscribeUrl()).toBe('http://localhost:8787/subscribe');
  });
});

describe('the credit notice before Generate', () => {
  const balance = (remainingCredits: number) => ({
    allocatedCredits: 5,
    usedCredits: 5 - remainingCredits,
    remainingCredits,
  });

  it.each([
    [balance(0), undefined, { kind: 'out' }],
    [balance(0), 0.5, { kind: 'out' }],
    [balance(0.3), 0.5, { kind: 'low', remaining: '0.30', cost: '0.50' }],
    [balance(0.5), 0.5, { kind: 'price', cost: '0.50', imageShare: '0.20' }],
    [undefined, 0.5, { kind: 'price', cost: '0.50', imageShare: '0.20' }],
    // A price the platform charged that is not the price list's: no share is guessed for it.
    [balance(3), 0.75, { kind: 'price', cost: '0.75' }],
    // Before the first costume: the price list (README "Money"), with the image's share.
    [balance(3), undefined, { kind: 'price', cost: '0.50', imageShare: '0.20' }],
    [balance(0.3), undefined, { kind: 'low', remaining: '0.30', cost: '0.50' }],
    [undefined, undefined, { kind: 'price', cost: '0.50', imageShare: '0.20' }],
  ] as const)('balance %o, last price %s: %o', (b, cost, expected) => {
    expect(presentCreditNotice(b, cost)).toEqual(expected);
  });
});
