import { CommanderError } from 'commander';
import { errorMessage, errorName, isUnauthorized } from '../domain/errors';
import type { DisplayedError } from '../domain/model/generation';
import { presentErrorDialog, type ErrorDialog } from '../domain/use-cases/error-presentation';
import type { Output } from './io';

/** Exit codes, as `pawloween --help` lists them. */
export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 3, credits: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `
Exit codes:
  0  ok
  1  failure (the platform or the workflow failed)
  2  usage error (a bad option, input or preset id)
  3  auth needed (no token, or it expired: run \`pawloween login\`)
  4  out of credits`;

/** A failure the CLI explains itself; everything else thrown is shown by handleError. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
    readonly lines: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string, lines: readonly string[] = []) =>
  new CliError(message, EXIT.usage, lines);

export const signInNeeded = (why = 'You are not signed in.') =>
  new CliError(why, EXIT.auth, [
    'Sign in with `pawloween login`, or pass --token / set PAWLOWEEN_TOKEN.',
  ]);

/** A generation that failed: its error cards (SPEC.md 8) and, when the platform said why, the error. */
export class GenerationFailed extends Error {
  constructor(
    readonly cards: readonly DisplayedError[],
    readonly reason: unknown,
  ) {
    super(cards[0]?.message ?? 'Generation failed');
    this.name = 'GenerationFailed';
  }
}

const SUGGESTIONS: Record<string, string> = {
  'sign-in': 'Sign in again with `pawloween login`.',
  'top-up': 'Add credits on the pricing page (`pawloween plan` shows your plan).',
  upgrade: 'Upgrade your plan on the pricing page (`pawloween plan` shows your plan).',
  wait: 'Please wait a moment before trying again.',
  retry: 'Please try again or contact support if the issue persists.',
};

/** The exit code a platform error deserves. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof GenerationFailed) return exitCodeOf(error.reason);
  if (isUnauthorized(error)) return EXIT.auth;
  if (errorName(error) === 'InsufficientBalanceError') return EXIT.credits;
  return EXIT.failure;
}

/** The one place a failure becomes text on stderr and an exit code (STYLE.md: one handleError). */
export function handleError(error: unknown, stderr: Output): ExitCode {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help).
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const lines = describe(error);
  stderr.write(
    `${lines.map((line, i) => (i === 0 ? `Error: ${line}` : `  ${line}`)).join('\n')}\n`,
  );
  return exitCodeOf(error);
}

/** The title first, then what helps: the dialog's explanation, the suggestion, the request id. */
export function describe(error: unknown): string[] {
  if (error instanceof CliError) return [error.message, ...error.lines];
  if (error instanceof GenerationFailed) {
    const [first, ...others] = error.cards;
    const lines = [error.message];
    for (const card of others) if (card.message !== first?.message) lines.push(card.message);
    const dialog = explain(error.reason);
    if (dialog) lines.push(`${dialog.title}: ${dialog.message}`);
    if (first)
      lines.push(`Suggestion: ${first.suggestion}`, `Details: ${first.code}: ${first.technical}`);
    return [...lines, ...requestIdLine(error.reason)];
  }
  const fields = fieldsOf(error);
  const dialog = explain(error);
  const lines = dialog ? [dialog.title, dialog.message] : [errorMessage(error)];
  const suggestion = typeof fields.action === 'string' ? SUGGESTIONS[fields.action] : undefined;
  if (suggestion) lines.push(`Suggestion: ${suggestion}`);
  if (typeof fields.code === 'string') lines.push(`Code: ${fields.code}`);
  return [...lines, ...requestIdLine(error)];
}

/** The app's error dialog when it has something specific to say (not the generic one). */
function explain(error: unknown): ErrorDialog | undefined {
  if (error === undefined) return undefined;
  const dialog = presentErrorDialog(error);
  return dialog.title === 'Generation Failed' ? undefined : dialog;
}

function requestIdLine(error: unknown): string[] {
  const id = fieldsOf(error).requestId;
  return typeof id === 'string' && id ? [`Request id: ${id}`] : [];
}

function fieldsOf(error: unknown): Record<string, unknown> {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
}
