import type { TokenClaims } from '../../domain/model/user';
import type {
  AuthPort,
  Credentials,
  DeviceSignIn,
  DeviceSignInState,
} from '../../domain/ports/auth.port';
import { decodeToken, type PlatformClient } from '../platform/src';
import { translated } from './domain-errors';

/** The domain's sign-in side of the platform: tokens, credentials in use, and 401 notices. */
export class PlatformAuth implements AuthPort {
  constructor(private readonly client: PlatformClient) {}

  decodeToken(token: string): TokenClaims | undefined {
    return decodeToken(token);
  }

  useCredentials({ accessToken, projectToken, userToken, getUserToken }: Credentials): void {
    this.client.setCredentials({
      accessToken,
      apiKey: projectToken,
      userKey: userToken,
      getUserToken,
    });
  }

  signInUrl(redirectUri: string): string {
    return this.client.signInUrl(redirectUri);
  }

  async refresh(): Promise<string> {
    return (await translated(() => this.client.sessions.refresh())).accessToken;
  }

  async revoke(): Promise<void> {
    await translated(() => this.client.sessions.revoke());
  }

  async registerLoopbackRedirect(redirectUri: string): Promise<{ code: string }> {
    const { code } = await translated(() =>
      this.client.sessions.registerLoopbackRedirect(redirectUri),
    );
    return { code };
  }

  async startDeviceSignIn(): Promise<DeviceSignIn> {
    const started = await translated(() => this.client.sessions.startDevice());
    return {
      deviceCode: started.deviceCode,
      userCode: started.userCode,
      verificationUri: started.verificationUri,
      verificationUriComplete: started.verificationUriComplete,
      expiresInSeconds: started.expiresIn,
      intervalSeconds: started.interval,
    };
  }

  async pollDeviceSignIn(deviceCode: string): Promise<DeviceSignInState> {
    const answer = await translated(() => this.client.sessions.pollDevice(deviceCode));
    return answer.status === 'approved'
      ? { status: 'approved', token: answer.accessToken }
      : { status: answer.status };
  }

  onUnauthorized(listener: () => void): () => void {
    return this.client.on('unauthorized', () => listener());
  }
}
