import { LIMITS } from '../model/constants';
import type { TokenClaims } from '../model/user';
import type { ClockPort } from '../ports/clock.port';

/**
 * The one renewal rule of the app and the CLI: tokens live an hour, and one is renewed once less
 * than LIMITS.tokenRefreshBeforeMs of it is left on the Clock port's time (a token that reads no
 * expiry is never renewed).
 */
export function renewalDue(claims: TokenClaims | undefined, clock: ClockPort): boolean {
  const exp = claims?.exp;
  return exp !== undefined && exp * 1000 - clock.now() <= LIMITS.tokenRefreshBeforeMs;
}
