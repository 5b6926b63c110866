/**
 * Errors as the domain sees them. Platform errors arrive from the client library as Error
 * instances whose `name` is one of PLATFORM_ERROR_NAMES (SPEC.md section 8); the domain reads
 * them by name and code only, so it never depends on the client's classes.
 */
export const PLATFORM_ERROR_NAMES = [
  'PlanUpgradeRequiredError',
  'InsufficientBalanceError',
  'WorkflowUnavailableError',
  'RateLimitError',
  'UnsubscribedError',
  'AuthenticationError',
  'ValidationError',
  'AccessDeniedError',
  'NotFoundError',
  'ServiceUnavailableError',
  'UnknownError',
] as const;
export type PlatformErrorName = (typeof PLATFORM_ERROR_NAMES)[number];

/** What the person can do about an error. */
export type ErrorAction = 'upgrade' | 'top-up' | 'wait' | 'sign-in' | 'retry' | 'none';

/** The fields a platform error may carry (SPEC.md section 8 "Platform errors"). */
export interface PlatformErrorFields {
  readonly code?: string;
  readonly statusCode?: number;
  readonly details?: unknown;
  readonly requestId?: string;
  readonly upgradeUrl?: string;
  readonly currentPlan?: string;
  /** USD per operation the current plan allows. */
  readonly currentLimit?: number;
  /** USD the operation needs. */
  readonly required?: number;
  readonly remainingCredits?: number;
  readonly requiredCredits?: number;
  readonly resetTime?: string | number;
  /** Seconds to wait before retrying. */
  readonly retryAfter?: number;
  readonly action?: ErrorAction;
}

export interface PlatformErrorShape extends PlatformErrorFields {
  readonly name: PlatformErrorName;
  readonly message: string;
}

/** The action each platform error suggests when it does not carry its own. */
export const DEFAULT_ACTIONS: Readonly<Record<PlatformErrorName, ErrorAction>> = {
  PlanUpgradeRequiredError: 'upgrade',
  InsufficientBalanceError: 'top-up',
  WorkflowUnavailableError: 'wait',
  RateLimitError: 'wait',
  UnsubscribedError: 'upgrade',
  AuthenticationError: 'sign-in',
  ValidationError: 'none',
  AccessDeniedError: 'none',
  NotFoundError: 'none',
  ServiceUnavailableError: 'retry',
  UnknownError: 'retry',
};

export function isPlatformError(error: unknown): error is PlatformErrorShape {
  return (
    typeof error === 'object' &&
    error !== null &&
    (PLATFORM_ERROR_NAMES as readonly string[]).includes(
      (error as { name?: unknown }).name as string,
    )
  );
}

/** A 401 from the platform, told by name, code or status. */
export function isUnauthorized(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; statusCode?: unknown; status?: unknown };
  return (
    e.name === 'AuthenticationError' ||
    e.code === 'AUTHENTICATION_FAILED' ||
    e.statusCode === 401 ||
    e.status === 401
  );
}

/**
 * The request lost its connection or its answer never came (the client's NetworkError and
 * TimeoutError): nothing says the platform refused it, so it may be sent again with its key.
 */
export function isConnectionLost(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | undefined;
  return (
    e?.code === 'NETWORK_ERROR' ||
    e?.code === 'TIMEOUT_ERROR' ||
    e?.name === 'NetworkError' ||
    e?.name === 'TimeoutError'
  );
}

/** The error's name, or undefined for values that are not errors. */
export function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The error's message, for anything that may be thrown. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}

/**
 * Builds an Error shaped like a platform error: for in-memory adapters and tests, which must look
 * like the client library to the domain.
 */
export function platformError(
  name: PlatformErrorName,
  message: string,
  fields: PlatformErrorFields = {},
): Error & PlatformErrorShape {
  const error = new Error(message) as Error & {
    -readonly [K in keyof PlatformErrorShape]: PlatformErrorShape[K];
  };
  error.name = name;
  Object.assign(error, { action: DEFAULT_ACTIONS[name] }, fields);
  return error as Error & PlatformErrorShape;
}

/** The video could not be produced; its dialog offers Retry Video (SPEC.md section 8). */
export class VideoGenerationError extends Error {
  override readonly name = 'VideoGenerationError';
  readonly code = 'VIDEO_GENERATION_FAILED';
  readonly action: ErrorAction = 'retry';
}

/** The image could not be produced. */
export class ImageGenerationError extends Error {
  override readonly name = 'ImageGenerationError';
  readonly code = 'IMAGE_GENERATION_FAILED';
  readonly action: ErrorAction = 'retry';
}

/** The workflow answered without an output list (SPEC.md section 5). */
export const NO_OUTPUT_MESSAGE = 'No output received from workflow';
