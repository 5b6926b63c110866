import type {
  AuthPort,
  Credentials,
  DeviceSignIn,
  DeviceSignInState,
} from '../../domain/ports/auth.port';
import type { TokenClaims } from '../../domain/model/user';

/** An unsigned JWT-shaped token carrying claims, readable by MemoryAuth (tests only). */
export function fakeToken(claims: Partial<TokenClaims> & Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** Auth without a platform: decodes fakeToken tokens and records the credentials in use. */
export class MemoryAuth implements AuthPort {
  credentials: Credentials = {};
  readonly credentialHistory: Credentials[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly authorizationUrl = 'http://localhost:8787/auth') {}

  decodeToken(token: string): TokenClaims | undefined {
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      return typeof payload?.sub === 'string' ? (payload as TokenClaims) : undefined;
    } catch {
      return undefined;
    }
  }

  useCredentials(credentials: Credentials): void {
    this.credentials = credentials;
    this.credentialHistory.push(credentials);
  }

  signInUrl(redirectUri: string): string {
    const project = this.credentials.projectToken?.replace(/=+$/, '');
    const url = new URL(project ? this.authorizationUrl : `${this.authorizationUrl}/demo`);
    if (project) url.searchParams.set('project_token', project);
    url.searchParams.set('redirect_uri', redirectUri);
    return url.toString();
  }

  /** What refresh answers next: a token, or a failure (offline) when undefined. */
  nextToken: string | undefined;

  async refresh(): Promise<string> {
    if (this.nextToken === undefined) throw new Error('offline');
    return this.nextToken;
  }

  /** Tokens revoked through this auth, in order. */
  readonly revoked: string[] = [];

  async revoke(): Promise<void> {
    if (this.credentials.accessToken) this.revoked.push(this.credentials.accessToken);
  }

  /** The loopback listeners registered, in order. */
  registeredRedirects: string[] = [];

  async registerLoopbackRedirect(redirectUri: string): Promise<{ code: string }> {
    this.registeredRedirects.push(redirectUri);
    return { code: 'BCDF-GHJK' };
  }

  /** The device sign-in's states, answered in order by pollDeviceSignIn (the last one repeats). */
  deviceStates: DeviceSignInState[] = [{ status: 'pending' }];

  async startDeviceSignIn(): Promise<DeviceSignIn> {
    return {
      deviceCode: 'device-code',
      userCode: 'BCDF-GHJK',
      verificationUri: `${this.authorizationUrl}/device`,
      verificationUriComplete: `${this.authorizationUrl}/device?code=BCDF-GHJK`,
      expiresInSeconds: 600,
      intervalSeconds: 2,
    };
  }

  async pollDeviceSignIn(): Promise<DeviceSignInState> {
    const [next, ...rest] = this.deviceStates;
    if (rest.length > 0) this.deviceStates = rest;
    return next ?? { status: 'expired' };
  }

  onUnauthorized(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays a platform call answering 401. */
  emitUnauthorized(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
