import { errorMessage, errorName, isPlatformError, isUnauthorized } from '../domain/errors';
import type { DisplayedError } from '../domain/model/generation';
import { presentErrorDialog } from '../domain/use-cases/error-presentation';
import { CliError, EXIT, GenerationFailed, type ExitCode } from './cli-error';

/**
 * A failure as the terminal and --json show it: the title of the app's card or dialog, what
 * happened, and one thing to do that works from a terminal.
 */
export interface ErrorReport {
  readonly exitCode: ExitCode;
  readonly code: string;
  readonly title: string;
  readonly message: string;
  readonly action: string | null;
  readonly requestId: string | null;
  /** More lines for people (the --json object leaves them out). */
  readonly details: readonly string[];
}

/** Where the command was talking to, for the messages that name it. */
export interface ErrorScene {
  readonly baseUrl?: string;
}

export const ACTIONS = {
  login: 'Sign in again with `pawloween login`.',
  topUp: 'Add credits: `pawloween plan --open` opens the pricing page, signed in as you.',
  upgrade: 'Upgrade your plan: `pawloween plan --open` opens the pricing page, signed in as you.',
  retry: 'Try again in a few moments.',
} as const;

type Fields = Record<string, unknown>;
const fieldsOf = (error: unknown): Fields =>
  typeof error === 'object' && error !== null ? (error as Fields) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** What every failure becomes: the one place the CLI words errors. */
export function reportOf(error: unknown, scene: ErrorScene = {}): ErrorReport {
  if (error instanceof CliError) return cliReport(error);
  if (error instanceof GenerationFailed) return generationReport(error, scene);
  return platformReport(error, scene) ?? unexpected(error);
}

function cliReport(error: CliError): ErrorReport {
  const [message, ...details] = error.lines;
  return {
    exitCode: error.exitCode,
    code: error.code ?? CODE_BY_EXIT[error.exitCode],
    title: error.message,
    message: message ?? error.message,
    action: error.action ?? null,
    requestId: error.more.requestId ?? null,
    details,
  };
}

const CODE_BY_EXIT: Record<ExitCode, string> = {
  0: 'OK',
  1: 'FAILED',
  2: 'USAGE_ERROR',
  3: 'NOT_SIGNED_IN',
  4: 'INSUFFICIENT_BALANCE',
  130: 'INTERRUPTED',
};

/**
 * A generation that failed: a platform error the app has a dialog for (out of credits, plan
 * limit, ...) speaks for itself; otherwise the image card's title, its code and suggestion.
 */
function generationReport(error: GenerationFailed, scene: ErrorScene): ErrorReport {
  const known = platformReport(error.reason, scene);
  const [image, video] = error.cards;
  if (known && known.code !== 'UNKNOWN_ERROR') return known;
  const requestId = text(fieldsOf(error.reason).requestId) ?? null;
  if (!image) return { ...(known ?? unexpected(error.reason)), requestId, exitCode: EXIT.failure };
  return {
    exitCode: EXIT.failure,
    code: text(fieldsOf(error.reason).code) ?? image.code,
    title: image.message,
    message: image.technical,
    action: `${image.suggestion}.`,
    requestId,
    details: video && video.message !== image.message ? [video.message] : [],
  };
}

/** Errors of the platform and of reaching it; undefined for anything else. */
function platformReport(error: unknown, scene: ErrorScene): ErrorReport | undefined {
  const fields = fieldsOf(error);
  const requestId = text(fields.requestId) ?? null;
  const code = text(fields.code);
  const name = errorName(error);
  const where = scene.baseUrl ?? 'the platform';
  const base = { requestId, details: [] as string[], code: code ?? 'UNKNOWN_ERROR' };
  if (name === 'NetworkError' || code === 'NETWORK_ERROR')
    return {
      ...base,
      exitCode: EXIT.failure,
      title: 'Platform Not Reachable',
      message: `Could not reach the platform at ${where} (${reasonOf(error)}).`,
      action:
        'Start the local platform with `pawloween serve`, or name another one with --base-url or PAWLOWEEN_BASE_URL.',
    };
  if (name === 'TimeoutError' || code === 'TIMEOUT_ERROR')
    return {
      ...base,
      exitCode: EXIT.failure,
      title: 'Platform Timed Out',
      message: `${where} did not answer in time (${errorMessage(error)}).`,
      action: ACTIONS.retry,
    };
  if (isUnauthorized(error))
    return {
      ...base,
      exitCode: EXIT.auth,
      title: 'Sign-in Needed',
      message: `${where} refused your token: it expired, was revoked or belongs to another platform.`,
      action: ACTIONS.login,
    };
  if (!isPlatformError(error)) return undefined;
  const dialog = presentErrorDialog(error);
  switch (error.name) {
    case 'InsufficientBalanceError':
      return { ...base, exitCode: EXIT.credits, ...dialogText(dialog), action: ACTIONS.topUp };
    case 'PlanUpgradeRequiredError':
      return { ...base, exitCode: EXIT.credits, ...dialogText(dialog), action: ACTIONS.upgrade };
    case 'UnsubscribedError':
      return {
        ...base,
        exitCode: EXIT.credits,
        title: 'Subscription Needed',
        message: error.message,
        action: ACTIONS.upgrade,
      };
    case 'WorkflowUnavailableError':
      return {
        ...base,
        exitCode: EXIT.failure,
        ...dialogText(dialog),
        action: 'Try again later: the project owner needs to add credits.',
      };
    case 'RateLimitError': {
      const wait = typeof fields.retryAfter === 'number' ? `${fields.retryAfter} s` : 'a moment';
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Too Many Requests',
        message: error.message,
        action: `Wait ${wait} before trying again.`,
      };
    }
    case 'AccessDeniedError':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Access Denied',
        message: error.message,
        action: 'Sign in with an account of this project: `pawloween login`.',
      };
    case 'ValidationError':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Invalid Request',
        message: error.message,
        action: 'Check the inputs named above and try again.',
      };
    case 'NotFoundError':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Not Found',
        message: error.message,
        action: 'Check the name or id you gave.',
      };
    case 'ServiceUnavailableError':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Platform Busy',
        message: error.message,
        action: ACTIONS.retry,
      };
    default:
      return undefined;
  }
}

const dialogText = (dialog: { title: string; message: string }) => ({
  title: dialog.title,
  message: dialog.message,
});

/** The system's own words for a failed connection (ECONNREFUSED, ENOTFOUND, ...), from deepest cause. */
function reasonOf(error: unknown): string {
  let reason = errorMessage(error).replace(/^Network error: /, '');
  let cause: unknown = fieldsOf(error).cause;
  for (let depth = 0; depth < 5 && cause; depth++) {
    const code = text(fieldsOf(cause).code);
    if (code && /^E[A-Z]+$/.test(code))
      return code === 'ECONNREFUSED' ? 'connection refused' : code;
    reason = errorMessage(cause);
    cause = fieldsOf(cause).cause;
  }
  return reason;
}

function unexpected(error: unknown): ErrorReport {
  const fields = fieldsOf(error);
  return {
    exitCode: EXIT.failure,
    code: text(fields.code) ?? 'UNKNOWN_ERROR',
    title: 'Unexpected Error',
    message: errorMessage(error),
    action: 'Please try again; if it keeps failing, report it with the request id.',
    requestId: text(fields.requestId) ?? null,
    details: [],
  };
}

/** An error card of the app (SPEC.md 8) as a report: a video that failed after its image was saved. */
export function cardReport(card: DisplayedError, extra = ''): ErrorReport {
  return {
    exitCode: EXIT.failure,
    code: card.code,
    title: card.message,
    message: card.technical,
    action: `${card.suggestion}.${extra ? ` ${extra}` : ''}`,
    requestId: null,
    details: [],
  };
}

/** A report to throw once the command has printed what it made (and, with --json, its answer). */
export function failureAfter(report: ErrorReport, answered: boolean): CliError {
  return new CliError(report.title, report.exitCode, [report.message, ...report.details], {
    code: report.code,
    action: report.action ?? undefined,
    requestId: report.requestId ?? undefined,
    answered,
  });
}

/** The report as lines for a person: title, what happened, details, what to do, request id. */
export function reportLines(report: ErrorReport): string[] {
  const lines = [report.title];
  if (report.message && report.message !== report.title) lines.push(report.message);
  lines.push(...report.details.filter(Boolean));
  if (report.action) lines.push(`Next: ${report.action}`);
  if (report.requestId) lines.push(`Request id: ${report.requestId}`);
  return lines;
}

/** The --json failure object (README "Command line"): every key present, null when unknown. */
export function errorJson(report: ErrorReport) {
  const { code, title, message, action, requestId } = report;
  return { error: { code, title, message, action, requestId } };
}
