import { API_PATHS } from '../api/paths';
import {
  DeviceStartResponse,
  DeviceTokenResponse,
  LoopbackRedirectResponse,
  RefreshResponse,
  SignOutResponse,
} from '../api/auth';
import { callOptions, type CallOptions } from '../call-options';
import { APIPromise } from '../api-promise';
import type { Transport } from '../internal/transport';

/** How long a revocation waits for the calls already on their way (ms). */
export const REVOKE_SETTLE_MS = 2000;

/** POST /v1/auth/sign-out: ends the client's access token on the platform (sign-out). */
export class Sessions {
  constructor(private readonly client: Transport) {}

  /** A fresh access token for the one in use, which then runs out at its own expiry. */
  refresh(options: CallOptions = {}): APIPromise<RefreshResponse> {
    return this.client.request(
      { method: 'POST', path: API_PATHS.refresh, ...callOptions(options) },
      RefreshResponse,
    );
  }

  /**
   * Revokes the access token in use: it answers 401 everywhere afterwards, wherever a copy is.
   * Calls already on their way are given up to settleMs to be answered first, so the revocation
   * does not turn them into 401s.
   */
  revoke(options: CallOptions & { settleMs?: number } = {}): APIPromise<SignOutResponse> {
    const { settleMs = REVOKE_SETTLE_MS, ...rest } = options;
    return APIPromise.from(async () => {
      await this.client.settled(settleMs);
      return this.client.requestWithId(
        { method: 'POST', path: API_PATHS.signOut, ...callOptions(rest) },
        SignOutResponse,
      );
    });
  }

  /**
   * Starts a sign-in for a device without a browser: show userCode and verificationUri to the
   * person, then poll pollDevice(deviceCode) every `interval` seconds until it is approved.
   */
  startDevice(options: CallOptions = {}): APIPromise<DeviceStartResponse> {
    const projectToken = this.client.options.apiKey;
    return this.client.request(
      {
        method: 'POST',
        path: API_PATHS.deviceStart,
        body: projectToken ? { projectToken } : {},
        ...callOptions(options),
      },
      DeviceStartResponse,
    );
  }

  /**
   * Tells the platform that a one-shot listener on this computer waits at redirectUri (http on
   * 127.0.0.1 with a port and a state nonce) for the sign-in about to open in the browser: the
   * sign-in page sends a token to no other loopback address, and to this one once.
   */
  registerLoopbackRedirect(
    redirectUri: string,
    options: CallOptions = {},
  ): APIPromise<LoopbackRedirectResponse> {
    return this.client.request(
      {
        method: 'POST',
        path: API_PATHS.loopbackRedirect,
        body: { redirectUri },
        ...callOptions(options),
      },
      LoopbackRedirectResponse,
    );
  }

  /** Where a device sign-in is: pending, slow_down (poll less often), expired, or approved with its token. */
  pollDevice(deviceCode: string, options: CallOptions = {}): APIPromise<DeviceTokenResponse> {
    return this.client.request(
      {
        method: 'POST',
        path: API_PATHS.deviceToken,
        body: { deviceCode },
        ...callOptions(options),
      },
      DeviceTokenResponse,
    );
  }
}
