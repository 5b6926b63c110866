import { z } from 'zod';

/** Claims of a platform access token. exp is seconds since the epoch. */
export const TokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  avatarUrl: z.string().optional(),
  exp: z.number().optional(),
  iat: z.number().optional(),
  nbf: z.number().optional(),
  iss: z.string().optional(),
  projectId: z.string().optional(),
  /** The token's own id. */
  jti: z.string().optional(),
  /** The sign-in session it belongs to, kept across renewals: what sign-out revokes. */
  sid: z.string().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/** POST /v1/auth/refresh: a fresh access token for the caller's; the old one stops working. */
export const RefreshResponse = z.object({ accessToken: z.string().min(1) });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** POST /v1/auth/sign-out: the access token that made the call stops working everywhere. */
export const SignOutResponse = z.object({ success: z.literal(true) });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

/**
 * POST /v1/auth/device: sign-in for a device without a browser (RFC 8628 style). The device shows
 * userCode and verificationUri, and polls deviceToken with deviceCode every `interval` seconds.
 */
export const DeviceStartResponse = z.object({
  deviceCode: z.string().min(1),
  userCode: z.string().min(1),
  verificationUri: z.string().min(1),
  verificationUriComplete: z.string().min(1),
  expiresIn: z.number(),
  interval: z.number(),
});
export type DeviceStartResponse = z.infer<typeof DeviceStartResponse>;

/** POST /v1/auth/device/token: the device sign-in's state; approved answers the token, once. */
export const DeviceTokenResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), accessToken: z.string().min(1) }),
  z.object({ status: z.enum(['pending', 'slow_down', 'expired']) }),
]);
export type DeviceTokenResponse = z.infer<typeof DeviceTokenResponse>;

/**
 * POST /v1/auth/loopback-redirect: a one-shot listener on the caller's own computer (the CLI's
 * `login`) waits at redirectUri (http, loopback, a port, a state nonce) for this sign-in's token;
 * the sign-in page sends a token to no other loopback address, and to this one once, when the
 * person types `code` (answered only here, to show them) on it.
 */
export const LoopbackRedirectRequest = z.object({ redirectUri: z.string().min(1).max(2048) });
export type LoopbackRedirectRequest = z.infer<typeof LoopbackRedirectRequest>;
export const LoopbackRedirectResponse = z.object({ expiresIn: z.number(), code: z.string() });
export type LoopbackRedirectResponse = z.infer<typeof LoopbackRedirectResponse>;

/** Headers of the three auth modes. */
export const AUTH_HEADERS = {
  accessToken: 'x-sub-dev-access-token',
  authorization: 'authorization',
  userToken: 'x-user-token',
} as const;

/** The message the authorization page posts to its opener when it ran in a popup. */
export const AuthSuccessMessage = z.object({
  type: z.literal('auth-success'),
  access_token: z.string().min(1),
  state: z.string().optional(),
});
export type AuthSuccessMessage = z.infer<typeof AuthSuccessMessage>;
