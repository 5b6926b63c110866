import { API_PATHS } from '../api/paths';
import { RefreshResponse, SignOutResponse } from '../api/auth';
import type { PlatformClient } from '../client';

/** POST /v1/auth/sign-out: ends the client's access token on the platform (sign-out). */
export class Sessions {
  constructor(private readonly client: PlatformClient) {}

  /** A fresh access token for the one in use, which then runs out at its own expiry. */
  async refresh(options: { signal?: AbortSignal } = {}): Promise<RefreshResponse> {
    return this.client.request(
      { method: 'POST', path: API_PATHS.refresh, ...options },
      RefreshResponse,
    );
  }

  /** Revokes the access token in use: it answers 401 everywhere afterwards, wherever a copy is. */
  async revoke(options: { signal?: AbortSignal } = {}): Promise<SignOutResponse> {
    return this.client.request(
      { method: 'POST', path: API_PATHS.signOut, ...options },
      SignOutResponse,
    );
  }
}
