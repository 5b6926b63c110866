import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenExpired, userFromToken } from './token';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.sig`;
const now = Date.UTC(2025, 9, 31, 12);
const inSeconds = (s: number) => Math.floor(now / 1000) + s;

describe('token decoding (SPEC.md 3 "User")', () => {
  it('reads userId from sub, email, avatarUrl and exp', () => {
    const token = jwt({
      sub: 'u-1',
      email: 'ann@example.com',
      avatarUrl: 'https://a.test/ann.png',
      exp: inSeconds(3600),
    });
    expect(userFromToken(token)).toEqual({
      userId: 'u-1',
      email: 'ann@example.com',
      avatarUrl: 'https://a.test/ann.png',
      exp: inSeconds(3600),
    });
  });

  it('is undefined for anything that is not a token with a subject', () => {
    expect(decodeToken('not-a-token')).toBeUndefined();
    expect(decodeToken(jwt({ email: 'x@y.z' }))).toBeUndefined();
  });
});

describe('expiry with the 30 s margin (SPEC.md 4)', () => {
  it('a token expiring in more than 30 s is valid', () => {
    expect(isTokenExpired(jwt({ sub: 'u', exp: inSeconds(31) }), now)).toBe(false);
  });

  it('a token expiring within 30 s counts as expired', () => {
    expect(isTokenExpired(jwt({ sub: 'u', exp: inSeconds(30) }), now)).toBe(true);
    expect(isTokenExpired(jwt({ sub: 'u', exp: inSeconds(-5) }), now)).toBe(true);
  });

  it('a token without exp, or unreadable, counts as expired', () => {
    expect(isTokenExpired(jwt({ sub: 'u' }), now)).toBe(true);
    expect(isTokenExpired('garbage', now)).toBe(true);
  });
});
