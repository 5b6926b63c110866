// `@pawloween/platform-client/errors`: the error classes and codes alone, for code that only
// tells errors apart (an error boundary, a logger) and should not carry the client with it.
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
