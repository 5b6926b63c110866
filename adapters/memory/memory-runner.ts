import type {
  RunOptions,
  RunResult,
  RunnerPort,
  StreamOptions,
} from '../../domain/ports/runner.port';

/** One scripted answer: a result, an error to throw, or a function of the request. */
export type ScriptedAnswer =
  | RunResult
  | { readonly throws: unknown }
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
    this.runs.push({ model, input, options });
    const next = this.script.length > 1 ? this.script.shift() : this.script[0];
    if (next === undefined) {
      const n = this.runs.length;
      return costumeOutput(`memory://image-${n}.png`, `memory://video-${n}.mp4`);
    }
    if (typeof next === 'function') return next(model, input);
    if ('throws' in next) throw next.throws;
    return next;
  }

  async *stream(
    model: string,
    input: Record<string, unknown> | string,
    options?: StreamOptions,
  ): AsyncIterable<string> {
    const { output } = await this.run(model, input, options);
    for (const piece of output ?? [])
      yield typeof piece === 'string' ? piece : JSON.stringify(piece);
  }
}
