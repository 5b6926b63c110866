import type { ConsoleErrorMessage } from './messages';

/** file, line and column of the first frame of a V8 or Firefox stack that names a URL. */
function firstFrame(
  stack: string | undefined,
): Pick<ConsoleErrorMessage, 'file' | 'line' | 'column'> {
  const match = stack?.match(/((?:https?|file|blob):\/\/?[^\s()]+?):(\d+):(\d+)/);
  if (!match) return {};
  return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular objects and the like: the text is still worth sending.
    return String(value);
  }
}

/** An uncaught error, with where it was thrown as the browser reported it. */
export function fromErrorEvent(event: ErrorEvent): ConsoleErrorMessage {
  const error: unknown = event.error;
  return {
    type: 'consoleError',
    message: event.message || (error instanceof Error ? error.message : describe(error)),
    line: event.lineno,
    column: event.colno,
    file: event.filename,
    stack: error instanceof Error ? error.stack : undefined,
  };
}

/** A rejected promise nobody handled: the browser gives no location, so the stack's first frame does. */
export function fromRejection(reason: unknown): ConsoleErrorMessage {
  const stack = reason instanceof Error ? reason.stack : undefined;
  const text = reason instanceof Error ? reason.message : describe(reason);
  return {
    type: 'consoleError',
    message: `Unhandled promise rejection: ${text}`,
    ...firstFrame(stack),
    stack,
  };
}

/** A console.error call, prefixed as SPEC.md section 8 says. */
export function fromConsoleError(args: readonly unknown[]): ConsoleErrorMessage {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const text = args.map((arg) => (arg instanceof Error ? arg.message : describe(arg))).join(' ');
  return {
    type: 'consoleError',
    message: `console.error: ${text}`,
    ...firstFrame(error?.stack),
    stack: error?.stack,
  };
}
