import { decodeJwt } from 'jose';
import { TokenClaims } from './api/auth';
import { CLIENT_DEFAULTS } from './internal/defaults';

/** The signed-in user as a token describes them. */
export interface TokenUser {
  userId: string;
  email?: string;
  avatarUrl?: string;
  /** Seconds since the epoch; undefined when the token has no exp claim. */
  exp?: number;
}

/** Reads a token's claims without verifying them (the platform verifies); undefined if unreadable. */
export function decodeToken(token: string): TokenClaims | undefined {
  try {
    const parsed = TokenClaims.safeParse(decodeJwt(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function userFromToken(token: string): TokenUser | undefined {
  const claims = decodeToken(token);
  return (
    claims && {
      userId: claims.sub,
      email: claims.email,
      avatarUrl: claims.avatarUrl,
      exp: claims.exp,
    }
  );
}

/**
 * A token without exp, unreadable, or expiring within the 30 s margin counts as expired, so a call never starts with a token that dies on the way.
 */
export function isTokenExpired(
  token: string,
  now = Date.now(),
  marginMs: number = CLIENT_DEFAULTS.tokenExpiryMarginMs,
): boolean {
  const exp = decodeToken(token)?.exp;
  return exp === undefined || exp * 1000 - now <= marginMs;
}
