import { SignJWT, jwtVerify } from 'jose';
import { TokenClaims } from '../../adapters/platform/api';
import { TOKEN_ISSUER } from '../config';

/** Signs and checks the platform's access tokens (HS256 via jose). */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  async sign(user: {
    id: string;
    email: string;
    avatarUrl: string;
    projectId: string;
  }): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ email: user.email, avatarUrl: user.avatarUrl, projectId: user.projectId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.secret);
  }

  /** The claims of a valid token, or undefined: bad signature, alg other than HS256, expired, not yet valid, foreign issuer. */
  async verify(token: string): Promise<TokenClaims | undefined> {
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
