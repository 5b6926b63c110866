import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../tests/support/fake-clock';
import { LIMITS } from '../model/constants';
import { renewalDue } from './token-renewal';

const clock = new FakeClock();
const endingIn = (ms: number) => ({ sub: 'u', exp: (clock.now() + ms) / 1000 });

describe('renewalDue, the app’s and the CLI’s one renewal rule', () => {
  it('is due once no more than LIMITS.tokenRefreshBeforeMs is left, on the clock port’s time', () => {
    expect(renewalDue(endingIn(LIMITS.tokenRefreshBeforeMs + 1000), clock)).toBe(false);
    expect(renewalDue(endingIn(LIMITS.tokenRefreshBeforeMs), clock)).toBe(true);
    expect(renewalDue(endingIn(60_000), clock)).toBe(true);
  });

  it('follows the clock, not the machine’s time', () => {
    const later = new FakeClock();
    const claims = endingIn(LIMITS.tokenRefreshBeforeMs + 60_000);
    expect(renewalDue(claims, later)).toBe(false);
    later.advance(60_000);
    expect(renewalDue(claims, later)).toBe(true);
  });

  it('never renews a token without an expiry, or one it cannot read', () => {
    expect(renewalDue({ sub: 'u' }, clock)).toBe(false);
    expect(renewalDue(undefined, clock)).toBe(false);
  });
});
