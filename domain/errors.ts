/**
 * Errors as the domain sees them: one union with literal codes. The platform's errors are turned
 * into these once, where the platform adapters meet the ports (`adapters/platform-ports`); the
 * drivers switch on `code` exhaustively, so a new code is a compile error until each one shows it.
 */

/** What each failure carries besides its message, by code (SPEC.md section 8). */
export type DomainErrorFacts =
  | {
      readonly code: 'PLAN_UPGRADE_REQUIRED';
      readonly upgradeUrl?: string;
      readonly currentPlan?: string;
      /** USD per operation the current plan allows. */
      readonly currentLimit?: number;
      /** USD the operation needs. */
      readonly required?: number;
    }
  | {
      readonly code: 'INSUFFICIENT_BALANCE';
      readonly remainingCredits?: number;
      readonly requiredCredits?: number;
    }
  | {
      readonly code: 'RATE_LIMIT_EXCEEDED';
      /** Seconds to wait before retrying. */
      readonly retryAfter?: number;
      /** When the limit lifts, as the platform said it (ISO date or epoch ms). */
      readonly resetTime?: string | number;
    }
  | { readonly code: 'USER_UNSUBSCRIBED' }
  | { readonly code: 'WORKFLOW_UNAVAILABLE' }
  | { readonly code: 'AUTHENTICATION_FAILED' }
  | { readonly code: 'ACCESS_DENIED' }
  | { readonly code: 'VALIDATION_ERROR' }
  | { readonly code: 'NOT_FOUND' }
  /** A write lost to a newer version, after the adapter's own merges. */
  | { readonly code: 'PRECONDITION_FAILED' }
  | { readonly code: 'SERVICE_UNAVAILABLE' }
  /** The request never got an answer: DNS, refused connection, reset socket. */
  | { readonly code: 'NETWORK_ERROR' }
  /** No answer in time, or a stream went quiet. */
  | { readonly code: 'TIMEOUT_ERROR' }
  /** The caller gave up (its AbortSignal). */
  | { readonly code: 'ABORTED' }
  /** Anything else the platform answered or the client refused. */
  | { readonly code: 'UNKNOWN_ERROR' }
  /** The video could not be produced; its dialog offers Retry Video. */
  | { readonly code: 'VIDEO_GENERATION_FAILED' }
  /** The image could not be produced. */
  | { readonly code: 'IMAGE_GENERATION_FAILED' };

export type DomainErrorCode = DomainErrorFacts['code'];

/** What any failure may say about where it came from. */
export interface ErrorOrigin {
  readonly statusCode?: number;
  readonly requestId?: string;
  readonly details?: unknown;
  readonly cause?: unknown;
}

/** The one Error class of the domain; read it through `DomainError`, whose `code` narrows its facts. */
export class DomainFailure extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly statusCode?: number;
  readonly requestId?: string;
  readonly details?: unknown;

  constructor(facts: DomainErrorFacts, message: string, origin: ErrorOrigin = {}) {
    super(message, origin.cause === undefined ? undefined : { cause: origin.cause });
    const { cause: _cause, ...rest } = origin;
    Object.assign(this, rest, facts);
    this.code = facts.code;
  }
}

export type DomainError = DomainFailure & DomainErrorFacts;

export function domainError(
  facts: DomainErrorFacts,
  message: string,
  origin: ErrorOrigin = {},
): DomainError {
  return new DomainFailure(facts, message, origin) as DomainError;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainFailure;
}

/** The domain error's code, or undefined for anything else thrown. */
export function domainCode(error: unknown): DomainErrorCode | undefined {
  return isDomainError(error) ? error.code : undefined;
}

/** A 401 from the platform: the token was refused. */
export function isUnauthorized(error: unknown): boolean {
  return domainCode(error) === 'AUTHENTICATION_FAILED';
}

/**
 * The request lost its connection or its answer never came: nothing says the platform refused
 * it, so it may be sent again with its key.
 */
export function isConnectionLost(error: unknown): boolean {
  const code = domainCode(error);
  return code === 'NETWORK_ERROR' || code === 'TIMEOUT_ERROR';
}

/** The error's message, for anything that may be thrown. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** The video could not be produced; its dialog offers Retry Video (SPEC.md section 8). */
export const videoGenerationError = (message: string) =>
  domainError({ code: 'VIDEO_GENERATION_FAILED' }, message);

/** The image could not be produced. */
export const imageGenerationError = (message: string) =>
  domainError({ code: 'IMAGE_GENERATION_FAILED' }, message);

/** The workflow answered without an output list (SPEC.md section 5). */
export const NO_OUTPUT_MESSAGE = 'No output received from workflow';
