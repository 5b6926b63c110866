/** Claims read from a platform access token (exp in seconds since the epoch). */
export interface TokenClaims {
  readonly sub: string;
  readonly email?: string;
  readonly avatarUrl?: string;
  readonly exp?: number;
}

/** The signed-in user as the token describes them (SPEC.md section 3). */
export interface User {
  readonly userId: string;
  readonly email?: string;
  readonly avatarUrl?: string;
}

export function userFromClaims(claims: TokenClaims): User {
  return { userId: claims.sub, email: claims.email, avatarUrl: claims.avatarUrl };
}
