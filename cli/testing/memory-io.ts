import type { Io, Output } from '../io';

export interface MemoryOutput extends Output {
  text(): string;
}

function memoryOutput(isTTY = false): MemoryOutput {
  const chunks: string[] = [];
  const output = {
    isTTY,
    columns: 160,
    write: (text: string) => chunks.push(text),
    text: () => chunks.join(''),
  };
  if (!isTTY) return output;
  // What cli-progress asks of a terminal, drawn as the escape codes a real one would get.
  return Object.assign(output, {
    cursorTo: (x: number) => chunks.push(`\u001b[${x + 1}G`),
    clearLine: () => chunks.push('\u001b[2K'),
    moveCursor: () => true,
    on: () => output,
    removeListener: () => output,
  });
}

export interface MemoryIo extends Io {
  readonly stdout: MemoryOutput;
  readonly stderr: MemoryOutput;
  /** Questions asked through confirm(), in order. */
  readonly questions: string[];
  /** Plays a Ctrl-C: the command's interrupt listeners run. */
  interrupt(): void;
  /** The code exit() was called with, if it was. */
  readonly exited: number | undefined;
}

/** A terminal for tests: buffered output, a chosen environment, scripted answers and browser. */
export function memoryIo(
  env: Record<string, string | undefined>,
  options: {
    interactive?: boolean;
    answers?: boolean[];
    openUrl?: (url: string) => Promise<boolean>;
    signal?: AbortSignal;
    /** stderr is a terminal: progress bars draw on it. */
    terminal?: boolean;
    /** What standard input holds. */
    stdin?: string;
  } = {},
): MemoryIo {
  const answers = [...(options.answers ?? [])];
  const questions: string[] = [];
  const interruptListeners = new Set<() => void>();
  let exited: number | undefined;
  return {
    interrupt: () => {
      for (const listener of [...interruptListeners]) listener();
    },
    get exited() {
      return exited;
    },
    onInterrupt(listener) {
      interruptListeners.add(listener);
      return () => interruptListeners.delete(listener);
    },
    exit(code) {
      exited = code;
      // A real exit ends everything; here the command's promise is left to the test.
      interruptListeners.clear();
    },
    stdout: memoryOutput(),
    stderr: memoryOutput(options.terminal),
    env,
    interactive: options.interactive ?? false,
    questions,
    confirm: async (question) => {
      questions.push(question);
      return answers.shift() ?? false;
    },
    openUrl: options.openUrl ?? (async () => false),
    readLine: async () => (options.stdin ?? '').split('\n')[0] ?? '',
    signal: options.signal,
  };
}
