import { domainError, type DomainError, type DomainErrorFacts } from '../../domain/errors';
import {
  AbortError,
  AccessDeniedError,
  AuthenticationError,
  InsufficientBalanceError,
  NetworkError,
  NotFoundError,
  PlanUpgradeRequiredError,
  PlatformError,
  PreconditionFailedError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
  UnsubscribedError,
  ValidationError,
  WorkflowUnavailableError,
} from '../platform/src';

/** The domain's facts for one of the client's error classes (SPEC.md section 8). */
function factsOf(error: PlatformError): DomainErrorFacts {
  if (error instanceof PlanUpgradeRequiredError)
    return {
      code: 'PLAN_UPGRADE_REQUIRED',
      upgradeUrl: error.upgradeUrl,
      currentPlan: error.currentPlan,
      currentLimit: error.currentLimit,
      required: error.required,
    };
  if (error instanceof InsufficientBalanceError)
    return {
      code: 'INSUFFICIENT_BALANCE',
      remainingCredits: error.remainingCredits,
      requiredCredits: error.requiredCredits,
    };
  if (error instanceof RateLimitError)
    return {
      code: 'RATE_LIMIT_EXCEEDED',
      retryAfter: error.retryAfter,
      resetTime: error.resetTime,
    };
  if (error instanceof UnsubscribedError) return { code: 'USER_UNSUBSCRIBED' };
  if (error instanceof WorkflowUnavailableError) return { code: 'WORKFLOW_UNAVAILABLE' };
  if (error instanceof AuthenticationError) return { code: 'AUTHENTICATION_FAILED' };
  if (error instanceof AccessDeniedError) return { code: 'ACCESS_DENIED' };
  if (error instanceof ValidationError) return { code: 'VALIDATION_ERROR' };
  if (error instanceof NotFoundError) return { code: 'NOT_FOUND' };
  if (error instanceof PreconditionFailedError) return { code: 'PRECONDITION_FAILED' };
  if (error instanceof ServiceUnavailableError) return { code: 'SERVICE_UNAVAILABLE' };
  if (error instanceof NetworkError) return { code: 'NETWORK_ERROR' };
  if (error instanceof TimeoutError) return { code: 'TIMEOUT_ERROR' };
  if (error instanceof AbortError) return { code: 'ABORTED' };
  return { code: 'UNKNOWN_ERROR' };
}

/**
 * The one place the client's errors become the domain's: every port method on the platform
 * throws through this. Anything that is not the client's error (a bug, a TypeError) passes as is.
 */
export function toDomainError(error: unknown): DomainError | unknown {
  if (!(error instanceof PlatformError)) return error;
  return domainError(factsOf(error), error.message, {
    statusCode: error.statusCode,
    requestId: error.requestId,
    details: error.details,
    cause: error,
  });
}

/** Runs a call to the client, its failure in the domain's terms. */
export async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toDomainError(error);
  }
}

/** A stream from the client, its failure (at the start or midway) in the domain's terms. */
export async function* translatedStream<T>(open: () => AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* open();
  } catch (error) {
    throw toDomainError(error);
  }
}
