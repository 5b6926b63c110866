import { CommanderError } from 'commander';
import { CliError, EXIT, type ExitCode } from './cli-error';
import {
  errorJson,
  reportLines,
  reportOf,
  type ErrorReport,
  type ErrorScene,
} from './error-report';
import type { Output } from './io';
import { writeJson } from './json-output';
import { wrap, type Layout } from './terminal-style';
import { visible } from './terminal-text';

export {
  CliError,
  EXIT,
  GenerationFailed,
  signInNeeded,
  usageError,
  type ExitCode,
} from './cli-error';

export const EXIT_CODES_HELP = `
Exit codes:
  0  ok
  1  failure (the platform or the workflow failed, or could not be reached)
  2  usage error (a bad option or input, or an unknown preset or creation id)
  3  auth needed (no token, or it expired: run \`pawloween login\`)
  4  out of credits, or the plan does not allow it (run \`pawloween plan --open\`)
  130  interrupted (Ctrl-C)`;

/** How the command line asked for its answer. */
export interface ErrorOutput extends ErrorScene {
  readonly stdout: Output;
  readonly stderr: Output;
  /** --json: the error object goes to stdout too, so a script reads one JSON value either way. */
  readonly json?: boolean;
  /** How stderr is drawn (colour on a terminal); plain when not given. */
  readonly layout?: Layout;
}

/** The one place a failure becomes output and an exit code (STYLE.md: one handleError). */
export function handleError(error: unknown, output: ErrorOutput): ExitCode {
  if (error instanceof CommanderError) {
    // --help and --version are not failures (a bare command group prints its help too: 0).
    if (error.exitCode === 0) return EXIT.ok;
    if (error.code === 'commander.help') return EXIT.usage;
  }
  const report = error instanceof CommanderError ? commanderReport(error) : reportOf(error, output);
  output.stderr.write(errorText(report, output.layout));
  // A command that printed its --json answer before failing (batch's rows) named the error there.
  const answered = error instanceof CliError && error.answered;
  if (output.json && !answered) writeJson(output.stdout, errorJson(report));
  return report.exitCode;
}

/**
 * Every failure in the terminal, the CLI's own and commander's usage errors alike: `Error: ` and
 * the title, then indented what happened, details, `Next:` and the request id.
 */
function errorText(report: ErrorReport, layout: Layout | undefined): string {
  const paint = (text: string) => (layout ? layout.red(layout.bold(text)) : text);
  return `${reportLines(report)
    .map((line) => visible(line))
    // Fitted to the terminal at word boundaries, then coloured (escapes take no columns).
    .map((line, i) => wrap(i === 0 ? `Error: ${line}` : `  ${line}`, layout?.width, '  '))
    .map((line, i) => (i === 0 ? line.replace(/^Error:/, paint('Error:')) : line))
    .join('\n')}\n`;
}

/** Commander's message ("error: unknown option '--x'" and its "Did you mean" line) as a report. */
function commanderReport(error: CommanderError): ErrorReport {
  const [title = 'Usage error', ...details] = invalidValue(error.message)
    .replace(/^error: /, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    exitCode: EXIT.usage,
    code: 'USAGE_ERROR',
    title,
    message: title,
    action: 'Add --help to the command for its options and examples.',
    requestId: null,
    details,
  };
}

/**
 * Commander's "option '--concurrency <n>' argument '0' is invalid. a whole number from 1 to 10"
 * as one sentence: "--concurrency must be a whole number from 1 to 10, not 0."
 */
function invalidValue(message: string): string {
  const match =
    /^error: option '(-[^\s',]*(?:, -[^\s']*)?)[^']*' argument '([^']*)' is invalid\. (.+)$/s.exec(
      message,
    );
  if (!match) return message;
  const [, flags = '', value, rule = ''] = match;
  const flag = flags.split(', ').at(-1);
  return `${flag} must be ${rule.replace(/\.$/, '')}, not ${value === '' ? 'empty' : `'${value}'`}.`;
}
