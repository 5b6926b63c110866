import type { RunnerPort, RunResult, StreamMode } from '../ports/runner.port';

export type { RunResult, StreamMode };

/** What a run of any model or workflow may ask for. */
export interface ModelRunOptions {
  /** A JSON Schema response_format the answer must follow. */
  readonly responseFormat?: unknown;
}

/**
 * Run any model or workflow of the platform (the CLI's `run`): whole, answering its output list,
 * or streamed, its content piece by piece as the chosen mode hands it out.
 */
export class RunModel {
  constructor(private readonly runner: RunnerPort) {}

  run(
    model: string,
    input: Record<string, unknown> | string,
    options: ModelRunOptions = {},
  ): Promise<RunResult> {
    return this.runner.run(model, input, options);
  }

  stream(
    model: string,
    input: Record<string, unknown> | string,
    options: ModelRunOptions & { readonly mode?: StreamMode } = {},
  ): AsyncIterable<string> {
    return this.runner.stream(model, input, options);
  }
}
