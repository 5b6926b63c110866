// The public surface of the platform client. Each export is named, so a bundler keeps only what is used.
export {
  PlatformClient,
  USER_AGENT,
  CLIENT_VERSION,
  maskSecret,
  type PublicOptions,
  type Credentials,
} from './client';
export type { CallOptions } from './call-options';
export { APIPromise, type WithResponse } from './api-promise';
export { toFile, type Uploadable } from './uploads';
export {
  DEFAULT_BASE_URL,
  ENVIRONMENT_VARIABLES,
  environmentSettings,
  type EnvironmentSettings,
  cleanApiKey,
  deriveAuthorizationUrl,
  type ClientOptions,
  type Logger,
  type LogLevel,
  type Fetch,
} from './config';
export type { AuthMode } from './internal/auth-headers';
export type { RequestLogFields } from './internal/transport';
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
  PreconditionFailedError,
  ConflictError,
  UnprocessableEntityError,
  IdempotencyKeyReusedError,
  RateLimitError,
  WorkflowUnavailableError,
  ServiceUnavailableError,
  UnknownError,
  type ErrorAction,
  type PlatformErrorInit,
} from './errors';
export { ERROR_CODES } from './api/error-codes';
export {
  TimeoutError,
  NetworkError,
  CorsRefusedError,
  AbortError,
  RedirectRefusedError,
  StreamLimitError,
  type StreamLimit,
} from './transport-errors';
export { NO_BODY_MESSAGE } from './internal/streaming';
export type { StreamMode } from './internal/stream-modes';
export type {
  RunParams,
  StreamParams,
  RunResult,
  TextStream,
  WorkflowStream,
  WorkflowModel,
  WorkflowRunResult,
} from './resources/run';
export { RunStream, type StreamWithResponse } from './run-stream';
export {
  NO_WORKFLOW_OUTPUT,
  type WorkflowStreamEvent,
  type WorkflowResult,
  type WorkflowOutputEntry,
  type WorkflowOutput,
  type ImageOutput,
  type VideoOutput,
} from './workflow-stream';
export type { ResponseFormat, RunResponse, RunState, RunStatus } from './api/run';
export type { Balance, Plan } from './api/subscriptions';
export type { LocatePetRequest, PetLocationAnswer } from './api/pets';
export type { SessionData } from './api/storage';
export type { DemoProjectResponse } from './api/projects';
export type { TokenClaims } from './api/auth';
export type { SubscriptionStatus } from './resources/subscriptions';
export type { StorageOptions, StorageSnapshot, StorageEdit } from './resources/storage';
export { decodeToken, userFromToken, isTokenExpired, type TokenUser } from './token';
export {
  authorizationPageUrl,
  pricingPageUrl,
  type AuthorizationUrlParams,
  type PricingCredentials,
} from './urls';
