import type { RunnerPort } from '../domain/ports/runner.port';

/**
 * The CLI's one use of the platform's run stream. The domain reads the costume workflow's stream
 * (image first, video last); this wrapper only adds what a terminal needs around it: the abort
 * signal of Ctrl-C, the moment the run left for the platform (from then on it is charged), and the
 * platform error behind a failed run, for its code and request id. When the client's stream
 * yields typed events, this is the file that changes.
 */
export interface CliRunner extends RunnerPort {
  /** The last error a run or stream threw, thrown at once or part way. */
  readonly lastError?: unknown;
  /** True once a run request was sent: the platform charges from there on. */
  readonly sent: boolean;
}

export function cliRunner(
  inner: RunnerPort,
  options: { signal?: AbortSignal; onSent?: () => void } = {},
): CliRunner {
  const state: { lastError?: unknown; sent: boolean } = { sent: false };
  const markSent = () => {
    if (state.sent) return;
    state.sent = true;
    options.onSent?.();
  };
  const withSignal = <T extends { signal?: AbortSignal }>(given: T | undefined): T =>
    ({ ...given, signal: given?.signal ?? options.signal }) as T;
  return {
    get lastError() {
      return state.lastError;
    },
    get sent() {
      return state.sent;
    },
    run: async (model, input, runOptions) => {
      markSent();
      try {
        return await inner.run(model, input, withSignal(runOptions));
      } catch (error) {
        state.lastError = error;
        throw error;
      }
    },
    async *stream(model, input, streamOptions) {
      markSent();
      try {
        yield* inner.stream(model, input, withSignal(streamOptions));
      } catch (error) {
        state.lastError = error;
        throw error;
      }
    },
  };
}
