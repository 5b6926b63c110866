import { z } from 'zod';

/** Every error answer of the platform: read by the client, written by the local platform. */
export const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    code: z.string().optional(),
    details: z.unknown().optional(),
    context: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

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
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unknown: 'UNKNOWN_ERROR',
} as const;

/** Header carrying the platform's request id on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
