import type { DisplayedError } from '../domain/model/generation';

/** Exit codes, as `pawloween --help` lists them. */
export const EXIT = { ok: 0, failure: 1, usage: 2, auth: 3, credits: 4, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A failure the CLI explains itself: its message is the title, the first line says what happened,
 * `action` what to do from a terminal; `code` names it in --json (by default after the exit code).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
    readonly lines: readonly string[] = [],
    readonly more: {
      readonly code?: string;
      readonly action?: string;
      readonly requestId?: string;
      /** The command has printed its --json answer, which names this failure: stderr only. */
      readonly answered?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'CliError';
  }

  get code(): string | undefined {
    return this.more.code;
  }

  get action(): string | undefined {
    return this.more.action;
  }

  get answered(): boolean {
    return this.more.answered ?? false;
  }
}

export const usageError = (message: string, lines: readonly string[] = []) =>
  new CliError(message, EXIT.usage, lines);

export const signInNeeded = (why = 'You are not signed in.') =>
  new CliError(why, EXIT.auth, [], {
    action: 'Sign in with `pawloween login`, or pass --token / set PAWLOWEEN_TOKEN.',
  });

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
