import { errorMessage, isDomainError } from '../domain/errors';
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

/** The domain's errors (the platform's, translated at its port); undefined for anything else. */
function platformReport(error: unknown, scene: ErrorScene): ErrorReport | undefined {
  if (!isDomainError(error)) return undefined;
  const where = scene.baseUrl ?? 'the platform';
  const { code } = error;
  const base = { requestId: error.requestId ?? null, details: [] as string[], code };
  const said = (title: string, action: string, exitCode: ExitCode = EXIT.failure) => ({
    ...base,
    exitCode,
    title,
    message: error.message,
    action,
  });
  switch (error.code) {
    case 'NETWORK_ERROR':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Platform Not Reachable',
        message: `Could not reach the platform at ${where} (${reasonOf(error)}).`,
        action:
          'Start the local platform with `pawloween serve`, or name another one with --base-url or PAWLOWEEN_BASE_URL.',
      };
    case 'TIMEOUT_ERROR':
      return {
        ...base,
        exitCode: EXIT.failure,
        title: 'Platform Timed Out',
        message: `${where} did not answer in time (${error.message}).`,
        action: ACTIONS.retry,
      };
    case 'AUTHENTICATION_FAILED':
      return {
        ...base,
        exitCode: EXIT.auth,
        title: 'Sign-in Needed',
        message: `${where} refused your token: it expired, was revoked or belongs to another platform.`,
        action: ACTIONS.login,
      };
    case 'INSUFFICIENT_BALANCE':
      return {
        ...base,
        exitCode: EXIT.credits,
        ...dialogText(presentErrorDialog(error)),
        action: ACTIONS.topUp,
      };
    case 'PLAN_UPGRADE_REQUIRED':
      return {
        ...base,
        exitCode: EXIT.credits,
        ...dialogText(presentErrorDialog(error)),
        action: ACTIONS.upgrade,
      };
    case 'USER_UNSUBSCRIBED':
      return said('Subscription Needed', ACTIONS.upgrade, EXIT.credits);
    case 'WORKFLOW_UNAVAILABLE':
      return {
        ...base,
        exitCode: EXIT.failure,
        ...dialogText(presentErrorDialog(error)),
        action: 'Try again later: the project owner needs to add credits.',
      };
    case 'RATE_LIMIT_EXCEEDED': {
      const wait = error.retryAfter === undefined ? 'a moment' : `${error.retryAfter} s`;
      return said('Too Many Requests', `Wait ${wait} before trying again.`);
    }
    case 'ACCESS_DENIED':
      return said('Access Denied', 'Sign in with an account of this project: `pawloween login`.');
    case 'VALIDATION_ERROR':
      return said('Invalid Request', 'Check the inputs named above and try again.');
    case 'NOT_FOUND':
      return said('Not Found', 'Check the name or id you gave.');
    case 'SERVICE_UNAVAILABLE':
      return said('Platform Busy', ACTIONS.retry);
    case 'PRECONDITION_FAILED':
      return said('Changed Elsewhere', ACTIONS.retry);
    case 'ABORTED':
    case 'UNKNOWN_ERROR':
    case 'VIDEO_GENERATION_FAILED':
    case 'IMAGE_GENERATION_FAILED':
      return undefined;
    default: {
      const unhandled: never = error;
      return unhandled;
    }
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
