import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  domainCode,
  domainError,
  errorMessage,
  isConnectionLost,
  isDomainError,
  isUnauthorized,
  videoGenerationError,
  type DomainError,
  type DomainErrorCode,
} from './errors';

describe('domain errors', () => {
  it('carry their literal code, the facts of that code, and where they came from', () => {
    const error = domainError({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: 30 }, 'slow down', {
      statusCode: 429,
      requestId: 'req-1',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      retryAfter: 30,
      statusCode: 429,
      requestId: 'req-1',
      message: 'slow down',
    });
    expect(isDomainError(error)).toBe(true);
    expect(domainCode(videoGenerationError('v'))).toBe('VIDEO_GENERATION_FAILED');
  });

  it('are told from anything else thrown only by being the domain’s', () => {
    // A look-alike (the client's error before its port translated it) is not a domain error.
    const lookAlike = Object.assign(new Error('x'), { code: 'AUTHENTICATION_FAILED' });
    expect(isDomainError(lookAlike)).toBe(false);
    expect(isUnauthorized(lookAlike)).toBe(false);
    expect(domainCode(undefined)).toBeUndefined();
  });

  it('tell a 401 and a lost connection by code', () => {
    expect(isUnauthorized(domainError({ code: 'AUTHENTICATION_FAILED' }, 'x'))).toBe(true);
    expect(isUnauthorized(domainError({ code: 'ACCESS_DENIED' }, 'x'))).toBe(false);
    expect(isConnectionLost(domainError({ code: 'NETWORK_ERROR' }, 'x'))).toBe(true);
    expect(isConnectionLost(domainError({ code: 'TIMEOUT_ERROR' }, 'x'))).toBe(true);
    expect(isConnectionLost(domainError({ code: 'SERVICE_UNAVAILABLE' }, 'x'))).toBe(false);
  });

  it('narrow their facts by code, and a fact of another code does not compile', () => {
    const error = domainError({ code: 'INSUFFICIENT_BALANCE', remainingCredits: 1 }, 'x');
    if (error.code === 'INSUFFICIENT_BALANCE') {
      expectTypeOf(error.remainingCredits).toEqualTypeOf<number | undefined>();
    }
    // @ts-expect-error a code outside the union
    domainError({ code: 'INSUFFICIENT_CREDITS' }, 'x');
    // @ts-expect-error retryAfter belongs to RATE_LIMIT_EXCEEDED, not to NOT_FOUND
    domainError({ code: 'NOT_FOUND', retryAfter: 1 }, 'x');
    expectTypeOf<DomainError['code']>().toEqualTypeOf<DomainErrorCode>();
  });

  it('reads messages from anything thrown', () => {
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ message: 'obj' })).toBe('obj');
    expect(errorMessage(7)).toBe('7');
  });
});
