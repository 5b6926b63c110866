import type { Io, Output } from '../io';

export interface MemoryOutput extends Output {
  text(): string;
}

function memoryOutput(isTTY = false): MemoryOutput {
  const chunks: string[] = [];
  return {
    isTTY,
    write: (text: string) => chunks.push(text),
    text: () => chunks.join(''),
  };
}

export interface MemoryIo extends Io {
  readonly stdout: MemoryOutput;
  readonly stderr: MemoryOutput;
  /** Questions asked through confirm(), in order. */
  readonly questions: string[];
}

/** A terminal for tests: buffered output, a chosen environment, scripted answers and browser. */
export function memoryIo(
  env: Record<string, string | undefined>,
  options: {
    interactive?: boolean;
    answers?: boolean[];
    openUrl?: (url: string) => Promise<boolean>;
    signal?: AbortSignal;
  } = {},
): MemoryIo {
  const answers = [...(options.answers ?? [])];
  const questions: string[] = [];
  return {
    stdout: memoryOutput(),
    stderr: memoryOutput(),
    env,
    interactive: options.interactive ?? false,
    questions,
    confirm: async (question) => {
      questions.push(question);
      return answers.shift() ?? false;
    },
    openUrl: options.openUrl ?? (async () => false),
    signal: options.signal,
  };
}
