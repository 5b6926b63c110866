// The public surface of the platform client. Each export is named, so a bundler keeps only what is used.
export {
  PlatformClient,
  USER_AGENT,
  CLIENT_VERSION,
  type RequestOptions,
  type Lease,
  type Credentials,
} from './client';
export {
  DEFAULT_BASE_URL,
  cleanApiKey,
  deriveAuthorizationUrl,
  type ClientOptions,
  type Logger,
  type Fetch,
} from './config';
export type { AuthMode } from './auth-headers';
export type { ClientEvents, ClientEventName } from './events';
export {
  PlatformError,
  ValidationError,
  AuthenticationError,
  PlanUpgradeRequiredError,
  UnsubscribedError,
  InsufficientBalanceError,
  AccessDeniedError,
  NotFoundError,
  RateLimitError,
  WorkflowUnavailableError,
  ServiceUnavailableError,
  UnknownError,
  type ErrorAction,
} from './errors';
export { TimeoutError, NetworkError, AbortError } from './transport-errors';
export { NO_BODY_MESSAGE } from './streaming';
export type { StreamMode } from './stream-modes';
export type { RunParams, StreamParams, RunResult } from './resources/run';
export type { ResponseFormat } from './api/run';
export type { SubscriptionStatus } from './resources/subscriptions';
export type { StorageOptions, StorageSnapshot } from './resources/storage';
export { decodeToken, userFromToken, isTokenExpired, type TokenUser } from './token';
export {
  authorizationPageUrl,
  pricingPageUrl,
  type AuthorizationUrlParams,
  type PricingCredentials,
} from './urls';
