import { ERROR_CODES } from '../../adapters/platform/src/api';

/** An answer in the platform's error shape (SPEC.md section 8), thrown by routes and written by one error handler. */
export class PlatformError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly context?: Record<string, unknown>,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const validationError = (message: string, details?: unknown) =>
  new PlatformError(400, ERROR_CODES.validation, message, undefined, details);

export const authenticationFailed = (message = 'Authentication failed: sign in again.') =>
  new PlatformError(401, ERROR_CODES.authentication, message);

export const accessDenied = (message: string) =>
  new PlatformError(403, ERROR_CODES.accessDenied, message);

export const notFound = (message: string) => new PlatformError(404, ERROR_CODES.notFound, message);

export function rateLimited(resetTime: number, now: number) {
  const retryAfter = Math.max(1, Math.ceil((resetTime - now) / 1000));
  return new PlatformError(
    429,
    ERROR_CODES.rateLimitExceeded,
    `Rate limit exceeded: try again in ${retryAfter} s.`,
    { resetTime: new Date(resetTime).toISOString(), retryAfter },
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

export const insufficientBalance = (remainingCredits: number, requiredCredits: number) =>
  new PlatformError(
    402,
    ERROR_CODES.insufficientBalance,
    `Insufficient credits: $${remainingCredits.toFixed(2)} left, $${requiredCredits.toFixed(2)} required.`,
    { remainingCredits, requiredCredits },
  );

export const planUpgradeRequired = (context: {
  upgradeUrl: string;
  currentPlan: string;
  currentLimit: number;
  required: number;
}) =>
  new PlatformError(
    402,
    ERROR_CODES.planUpgradeRequired,
    `Your ${context.currentPlan} plan allows up to $${context.currentLimit.toFixed(2)} per operation, but $${context.required.toFixed(2)} is required.`,
    context,
  );

export const workflowUnavailable = () =>
  new PlatformError(
    503,
    ERROR_CODES.workflowUnavailable,
    'Workflow temporarily unavailable: the project owner needs to add credits.',
  );
