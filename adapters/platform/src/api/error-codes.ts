/** The error codes of the platform. It may send others; clients keep them as given. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  authentication: 'AUTHENTICATION_FAILED',
  planUpgradeRequired: 'PLAN_UPGRADE_REQUIRED',
  userUnsubscribed: 'USER_UNSUBSCRIBED',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  accessDenied: 'ACCESS_DENIED',
  notFound: 'NOT_FOUND',
  rateLimitExceeded: 'RATE_LIMIT_EXCEEDED',
  workflowUnavailable: 'WORKFLOW_UNAVAILABLE',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  preconditionFailed: 'PRECONDITION_FAILED',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE_ENTITY',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unknown: 'UNKNOWN_ERROR',
} as const;

/** Header carrying the platform's request id on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
