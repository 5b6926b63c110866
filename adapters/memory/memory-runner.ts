import type {
  RunCharge,
  RunOptions,
  RunResult,
  RunnerPort,
  StreamOptions,
} from '../../domain/ports/runner.port';

/** Streamed contents, given piece by piece (await inside to hold a piece back). */
export interface StreamedAnswer {
  readonly pieces: () => AsyncIterable<string>;
}

/** One scripted answer: a result, an error to throw, streamed pieces, or a function of the request. */
export type ScriptedAnswer =
  | RunResult
  | { readonly throws: unknown }
  | StreamedAnswer
  | ((model: string, input: Record<string, unknown> | string) => RunResult | Promise<RunResult>);

export interface RecordedRun {
  readonly model: string;
  readonly input: Record<string, unknown> | string;
  readonly options?: RunOptions;
}

/** A costume workflow answer with both outputs, as the platform shapes it. */
export function costumeOutput(imageUrl: string, videoUrl: string): RunResult {
  const output: Record<string, unknown> = {};
  if (imageUrl) output.image_output = { image: imageUrl, outputType: 'image' };
  if (videoUrl) output.video_output = { video: videoUrl, outputType: 'video' };
  return { output: [output] };
}

/**
 * A runner that answers from a script, in order; the last answer repeats. With no script it plays
 * the costume workflow, numbering its outputs.
 */
export class MemoryRunner implements RunnerPort {
  readonly runs: RecordedRun[] = [];
  /** The ids cancel() was called with, in order. */
  readonly cancelled: string[] = [];
  /** What cancel() and charge() answer for a run id: nothing charged by default. */
  readonly charges = new Map<string, RunCharge>();
  private script: ScriptedAnswer[];

  constructor(...script: ScriptedAnswer[]) {
    this.script = script;
  }

  /** Replaces the answers still to come. */
  answer(...script: ScriptedAnswer[]): this {
    this.script = script;
    return this;
  }

  async run(
    model: string,
    input: Record<string, unknown> | string,
    options?: RunOptions,
  ): Promise<RunResult> {
    const next = this.next(model, input, options);
    if (next && 'pieces' in next) {
      // A streamed script answered whole: the outputs of its pieces in one list.
      const output: unknown[] = [];
      for await (const piece of next.pieces())
        output.push(...((JSON.parse(piece) as RunResult).output ?? []));
      return { output };
    }
    return this.answerOf(next, model, input);
  }

  /**
   * Streams as the local platform does: each output entry as its own piece of the answer
   * ({"output":[entry]}); text entries as they are; an answer without output as it is.
   */
  async *stream(
    model: string,
    input: Record<string, unknown> | string,
    options?: StreamOptions,
  ): AsyncIterable<string> {
    const next = this.next(model, input, options);
    if (next && 'pieces' in next) {
      yield* next.pieces();
      return;
    }
    const result = await this.answerOf(next, model, input);
    if (!result.output || result.output.length === 0) {
      yield JSON.stringify(result);
      return;
    }
    for (const entry of result.output)
      yield typeof entry === 'string' ? entry : JSON.stringify({ output: [entry] });
  }

  async cancel(runId: string): Promise<RunCharge> {
    this.cancelled.push(runId);
    const charge = { status: 'cancelled' as const, cost: this.charges.get(runId)?.cost ?? 0 };
    this.charges.set(runId, charge);
    return charge;
  }

  async charge(runId: string): Promise<RunCharge> {
    return this.charges.get(runId) ?? { status: 'running', cost: 0 };
  }

  private next(
    model: string,
    input: Record<string, unknown> | string,
    options: RunOptions | undefined,
  ): ScriptedAnswer | undefined {
    this.runs.push({ model, input, options });
    return this.script.length > 1 ? this.script.shift() : this.script[0];
  }

  private async answerOf(
    next: Exclude<ScriptedAnswer, StreamedAnswer> | undefined,
    model: string,
    input: Record<string, unknown> | string,
  ): Promise<RunResult> {
    if (next === undefined) {
      const n = this.runs.length;
      return costumeOutput(`memory://image-${n}.png`, `memory://video-${n}.mp4`);
    }
    if (typeof next === 'function') return next(model, input);
    if ('throws' in next) throw next.throws;
    return next;
  }
}
