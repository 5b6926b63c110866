import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TokenClaims } from '../../adapters/platform/src/api';
import { TOKEN_ISSUER } from '../config';

/** Signs and checks the platform's access tokens (HS256 via jose). */
export class TokenService {
  /** Tokens already verified, by their text: an HMAC per request is the largest cost of a small API call. */
  private readonly verified = new Map<string, TokenClaims>();
  /**
   * The last token each connection presented, verified: a keep-alive connection sends the same
   * one on every request, and comparing it with the last is about 0.4 µs cheaper than hashing its
   * few hundred characters to look it up above (a new string per request, hashed afresh).
   */
  private readonly lastOf = new WeakMap<object, { token: string; claims: TokenClaims }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  async sign(
    user: {
      id: string;
      email: string;
      avatarUrl: string;
      projectId: string;
    },
    sessionId: string = randomUUID(),
  ): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({
      email: user.email,
      avatarUrl: user.avatarUrl,
      projectId: user.projectId,
      // A renewal keeps the session id, so a sign-out ends every token of the session.
      sid: sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(iat)
      .setJti(randomUUID())
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.secret);
  }

  /** The claims of a valid token, or undefined: bad signature, alg other than HS256, expired, not yet valid, foreign issuer. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    return this.verifyNow(token);
  }

  /**
   * As verify, answered at once (no promise) for a token verified before: on the hot path every
   * request of a signed-in user comes with a known token, and a promise per call is a visible
   * share of a small answer's CPU (npm run bench -- server). `connection` is the socket it came on.
   */
  verifyNow(
    token: string,
    connection?: object,
  ): TokenClaims | undefined | Promise<TokenClaims | undefined> {
    const last = connection && this.lastOf.get(connection);
    if (last?.token === token) return this.stillValid(last.claims) ? last.claims : undefined;
    const known = this.verified.get(token);
    if (known) {
      if (connection) this.lastOf.set(connection, { token, claims: known });
      return this.stillValid(known) ? known : undefined;
    }
    return this.check(token).then((claims) => {
      if (claims) {
        if (this.verified.size >= 5_000) this.verified.clear();
        this.verified.set(token, claims);
        if (connection) this.lastOf.set(connection, { token, claims });
      }
      return claims;
    });
  }

  /** How long a token lives, in seconds. */
  get lifetimeSeconds(): number {
    return this.ttlSeconds;
  }

  /** exp and nbf move with the clock, so a cached token is checked against them again. */
  private stillValid(claims: TokenClaims): boolean {
    const now = this.now() / 1000;
    return (claims.exp ?? 0) > now && (claims.nbf ?? 0) <= now;
  }

  private async check(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.now()),
      });
      const claims = TokenClaims.safeParse(payload);
      return claims.success && claims.data.projectId ? claims.data : undefined;
    } catch {
      return undefined;
    }
  }
}
