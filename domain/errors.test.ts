import { describe, expect, it } from 'vitest';
import {
  PLATFORM_ERROR_NAMES,
  VideoGenerationError,
  errorMessage,
  errorName,
  isPlatformError,
  isUnauthorized,
  platformError,
} from './errors';

describe('platform error shapes', () => {
  it('knows the eleven platform error names of SPEC.md section 8', () => {
    expect(PLATFORM_ERROR_NAMES).toHaveLength(11);
    expect(isPlatformError({ name: 'RateLimitError', message: 'slow down' })).toBe(true);
    expect(isPlatformError(new Error('x'))).toBe(false);
    expect(isPlatformError(undefined)).toBe(false);
  });

  it('builds errors that carry their fields and a default action', () => {
    const error = platformError('RateLimitError', 'slow down', { retryAfter: 30 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: 30, action: 'wait' });
    expect(platformError('InsufficientBalanceError', 'x').action).toBe('top-up');
    expect(platformError('PlanUpgradeRequiredError', 'x', { action: 'none' }).action).toBe('none');
  });

  it('tells a 401 by name, code or status', () => {
    expect(isUnauthorized(platformError('AuthenticationError', 'x'))).toBe(true);
    expect(isUnauthorized({ code: 'AUTHENTICATION_FAILED' })).toBe(true);
    expect(isUnauthorized({ statusCode: 401 })).toBe(true);
    expect(isUnauthorized({ status: 401 })).toBe(true);
    expect(isUnauthorized(platformError('AccessDeniedError', 'x', { statusCode: 403 }))).toBe(
      false,
    );
    expect(isUnauthorized('401')).toBe(false);
  });

  it('reads names and messages from anything thrown', () => {
    expect(errorName(new VideoGenerationError('v'))).toBe('VideoGenerationError');
    expect(errorName(42)).toBeUndefined();
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ message: 'obj' })).toBe('obj');
    expect(errorMessage(7)).toBe('7');
  });
});
