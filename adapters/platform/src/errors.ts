import { ERROR_CODES, REQUEST_ID_HEADER } from './api/error-codes';

/** What the app should offer the user for an error: it picks its dialog from this, not from text. */
export type ErrorAction = 'upgrade' | 'top-up' | 'wait' | 'sign-in' | 'retry' | 'none';

export interface PlatformErrorInit {
  message?: string;
  code?: string;
  statusCode?: number;
  details?: unknown;
  requestId?: string;
  context?: Record<string, unknown>;
  /** The answer's headers, when there was an answer. */
  headers?: Headers;
  cause?: unknown;
}

type HeaderSource = Headers | Record<string, string | undefined> | undefined;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const header = (headers: HeaderSource, name: string) =>
  headers instanceof Headers ? (headers.get(name) ?? undefined) : headers?.[name];

/**
 * Every error of the client carries the names of its classes under this global symbol, so
 * `instanceof` holds across copies of the client: its ESM and CommonJS builds loaded side by side
 * (or two installs) each have their own classes.
 */
const BRAND = Symbol.for('@pawloween/platform-client/error');

type Kinded = { kind?: string };

/** The kinds of a class and its ancestors (each class names itself in its static `kind`). */
function kindsOf(constructor: unknown): string[] {
  const kinds: string[] = [];
  for (let c = constructor; typeof c === 'function'; c = Object.getPrototypeOf(c))
    if (Object.hasOwn(c, 'kind')) kinds.push((c as Kinded).kind!);
  return kinds;
}

/** The root of every error the platform client throws. */
export class PlatformError extends Error {
  /** The class's own name, kept by minifiers, which `instanceof` compares across copies. */
  static readonly kind: string = 'PlatformError';

  /**
   * `error instanceof ValidationError` also for an error made by another copy of the client (the
   * CommonJS build meeting the ESM one): both carry the same global brand and class names. A class
   * of yours extending these is checked the ordinary way.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null || !Object.hasOwn(this, 'kind')) return false;
    const kinds = (value as { [BRAND]?: unknown })[BRAND];
    return Array.isArray(kinds) && kinds.includes((this as Kinded).kind);
  }

  override name = 'PlatformError';
  readonly code: string;
  /** The HTTP status of the answer, when there was one (`statusCode` by the platform's name). */
  readonly status: number | undefined;
  readonly statusCode: number | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;
  readonly context: Record<string, unknown>;
  readonly headers: Headers | undefined;
  readonly action: ErrorAction = 'none';

  constructor(init: PlatformErrorInit = {}) {
    super(init.message ?? `HTTP ${init.statusCode ?? 'error'}`, { cause: init.cause });
    Object.defineProperty(this, BRAND, { value: kindsOf(new.target) });
    this.code = init.code ?? ERROR_CODES.unknown;
    this.status = init.statusCode;
    this.statusCode = init.statusCode;
    this.details = init.details;
    this.requestId = init.requestId;
    this.context = init.context ?? {};
    this.headers = init.headers;
  }

  /** The one place an error answer becomes a typed error: every status the platform answers. */
  static fromResponse(status: number, body: unknown, headers?: HeaderSource): PlatformError {
    const error = errorOf(typeof body === 'string' ? safeJson(body) : body);
    const init: PlatformErrorInit = {
      message: error?.message || `HTTP ${status}`,
      code: error?.code,
      statusCode: status,
      details: error?.details,
      context: error?.context ?? {},
      requestId: header(headers, REQUEST_ID_HEADER),
      headers: headers instanceof Headers ? headers : undefined,
    };
    switch (status) {
      case 400:
        return new ValidationError(init);
      case 401:
        return new AuthenticationError(init);
      case 402:
        if (init.code === ERROR_CODES.planUpgradeRequired)
          return new PlanUpgradeRequiredError(init);
        if (
          init.code === ERROR_CODES.userUnsubscribed ||
          /unsubscribed|subscription/i.test(init.message ?? '')
        )
          return new UnsubscribedError(init);
        return new InsufficientBalanceError(init);
      case 403:
        return new AccessDeniedError(init);
      case 404:
        return new NotFoundError(init);
      case 409:
        return new ConflictError(init);
      case 412:
        return new PreconditionFailedError(init);
      case 422:
        return init.code === ERROR_CODES.idempotencyKeyReused
          ? new IdempotencyKeyReusedError(init)
          : new UnprocessableEntityError(init);
      case 429:
        return new RateLimitError({ ...init, context: withRetryAfter(init.context, headers) });
      case 503:
        return init.code === ERROR_CODES.workflowUnavailable
          ? new WorkflowUnavailableError(init)
          : new ServiceUnavailableError(init);
      default:
        return new UnknownError(init);
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The platform's error answer, `{ error: { message, code?, details?, context? } }`, read by hand:
 * the error classes carry no schema library, so an app that imports only them stays small.
 */
function errorOf(
  body: unknown,
):
  | { message: string; code?: string; details?: unknown; context?: Record<string, unknown> }
  | undefined {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.message !== 'string') return undefined;
  return {
    message: error.message,
    code: typeof error.code === 'string' ? error.code : undefined,
    details: error.details,
    context: isRecord(error.context) ? error.context : undefined,
  };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Seconds to wait from Retry-After (seconds or an HTTP date) or retry-after-ms, if given. */
export function parseRetryAfter(headers: HeaderSource): number | undefined {
  const ms = count(header(headers, 'retry-after-ms'));
  if (ms !== undefined) return ms / 1000;
  const value = header(headers, 'retry-after');
  const seconds = count(value);
  if (seconds !== undefined) return seconds;
  const date = value ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** A 429 may say when to come back only in its headers; the body wins when it says so too. */
function withRetryAfter(context: Record<string, unknown> = {}, headers: HeaderSource) {
  const retryAfter = context.retryAfter ?? parseRetryAfter(headers);
  return retryAfter === undefined ? context : { ...context, retryAfter };
}

export class ValidationError extends PlatformError {
  static override readonly kind: string = 'ValidationError';
  override name = 'ValidationError';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.validation });
  }
}

export class AuthenticationError extends PlatformError {
  static override readonly kind: string = 'AuthenticationError';
  override name = 'AuthenticationError';
  override readonly action = 'sign-in';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.authentication });
  }
}

export class PlanUpgradeRequiredError extends PlatformError {
  static override readonly kind: string = 'PlanUpgradeRequiredError';
  override name = 'PlanUpgradeRequiredError';
  override readonly action = 'upgrade';
  readonly upgradeUrl = text(this.context.upgradeUrl);
  readonly currentPlan = text(this.context.currentPlan);
  readonly currentLimit = count(this.context.currentLimit);
  readonly required = count(this.context.required);
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.planUpgradeRequired });
  }
}

export class UnsubscribedError extends PlatformError {
  static override readonly kind: string = 'UnsubscribedError';
  override name = 'UnsubscribedError';
  override readonly action = 'upgrade';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.userUnsubscribed });
  }
}

export class InsufficientBalanceError extends PlatformError {
  static override readonly kind: string = 'InsufficientBalanceError';
  override name = 'InsufficientBalanceError';
  override readonly action = 'top-up';
  readonly remainingCredits = count(
    this.context.remainingCredits ?? detail(this.details, 'remainingCredits'),
  );
  readonly requiredCredits = count(
    this.context.requiredCredits ?? detail(this.details, 'requiredCredits'),
  );
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.insufficientBalance });
  }
}

export class AccessDeniedError extends PlatformError {
  static override readonly kind: string = 'AccessDeniedError';
  override name = 'AccessDeniedError';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.accessDenied });
  }
}

export class NotFoundError extends PlatformError {
  static override readonly kind: string = 'NotFoundError';
  override name = 'NotFoundError';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.notFound });
  }
}

/** A write with If-Match lost to a newer version (storage): read again, re-apply the change, write. */
export class PreconditionFailedError extends PlatformError {
  static override readonly kind: string = 'PreconditionFailedError';
  override name = 'PreconditionFailedError';
  override readonly action = 'retry';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.preconditionFailed });
  }
}

/**
 * 409: the request collides with another one still going (the same Idempotency-Key sent twice at
 * once, say). Send it again a little later; the first one's answer is then there.
 */
export class ConflictError extends PlatformError {
  static override readonly kind: string = 'ConflictError';
  override name = 'ConflictError';
  override readonly action = 'retry';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: init.code ?? ERROR_CODES.conflict });
  }
}

/** 422: the platform understood the request and will not do it (the message says why). */
export class UnprocessableEntityError extends PlatformError {
  static override readonly kind: string = 'UnprocessableEntityError';
  override name = 'UnprocessableEntityError';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: init.code ?? ERROR_CODES.unprocessable });
  }
}

/**
 * 422 `IDEMPOTENCY_KEY_REUSED`: this Idempotency-Key was already used with another request (another
 * model or input). Nothing was run or charged: send the request with a new key.
 */
export class IdempotencyKeyReusedError extends UnprocessableEntityError {
  static override readonly kind: string = 'IdempotencyKeyReusedError';
  override name = 'IdempotencyKeyReusedError';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.idempotencyKeyReused });
  }
}

export class RateLimitError extends PlatformError {
  static override readonly kind: string = 'RateLimitError';
  override name = 'RateLimitError';
  override readonly action = 'wait';
  /** When the limit lifts, as the platform said it (ISO date or epoch ms). */
  readonly resetTime = text(this.context.resetTime) ?? count(this.context.resetTime);
  /** Seconds to wait before trying again. */
  readonly retryAfter = count(this.context.retryAfter);
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.rateLimitExceeded });
  }
}

export class WorkflowUnavailableError extends PlatformError {
  static override readonly kind: string = 'WorkflowUnavailableError';
  override name = 'WorkflowUnavailableError';
  override readonly action = 'wait';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.workflowUnavailable });
  }
}

export class ServiceUnavailableError extends PlatformError {
  static override readonly kind: string = 'ServiceUnavailableError';
  override name = 'ServiceUnavailableError';
  override readonly action = 'retry';
  constructor(init: PlatformErrorInit) {
    super({ ...init, code: ERROR_CODES.serviceUnavailable });
  }
}

export class UnknownError extends PlatformError {
  static override readonly kind: string = 'UnknownError';
  override name = 'UnknownError';
  override readonly action: ErrorAction = (this.statusCode ?? 500) >= 500 ? 'retry' : 'none';
}

function detail(details: unknown, key: string): unknown {
  return typeof details === 'object' && details !== null
    ? (details as Record<string, unknown>)[key]
    : undefined;
}
