import { domainError } from '../../domain/errors';
import type { PetSight } from '../../domain/model/face-point';
import type {
  RunOptions,
  RunRead,
  RunResult,
  RunnerPort,
  StreamOptions,
  WorkflowEvent,
} from '../../domain/ports/runner.port';

/**
 * A streamed workflow run's events, given one by one (await inside to hold one back); a throw
 * inside ends the stream with its `error` event, as the platform runner's does.
 */
export interface StreamedAnswer {
  readonly events: () => AsyncIterable<WorkflowEvent>;
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

/** A photo the locator is sure of, its head in the upper middle. */
const SURE_SIGHT: PetSight = { sure: true, head: { x: 0.3, y: 0.1, w: 0.4, h: 0.4 } };

/**
 * A runner that answers from a script, in order; the last answer repeats. With no script it plays
 * the costume workflow, numbering its outputs.
 */
export class MemoryRunner implements RunnerPort {
  readonly runs: RecordedRun[] = [];
  /** The ids cancel() was called with, in order. */
  readonly cancelled: string[] = [];
  /** The runs read() knows by id; any other is not found (another user's, or too old). */
  readonly reads = new Map<string, RunRead>();
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
    if (next && 'events' in next) {
      // A streamed script answered whole: its outputs in one entry.
      let imageUrl = '';
      let videoUrl = '';
      for await (const event of next.events()) {
        if (event.type === 'image') imageUrl ||= event.url;
        if (event.type === 'video') videoUrl ||= event.url;
      }
      return costumeOutput(imageUrl, videoUrl);
    }
    return this.answerOf(next, model, input);
  }

  /** Streams a text model: each output entry as text (an entry that is not text as JSON). */
  async *stream(
    model: string,
    input: Record<string, unknown> | string,
    options?: StreamOptions,
  ): AsyncIterable<string> {
    const next = this.next(model, input, options);
    if (next && 'events' in next) throw new Error('A streamed workflow script is not a text run.');
    const result = await this.answerOf(next, model, input);
    for (const entry of result.output ?? [])
      yield typeof entry === 'string' ? entry : JSON.stringify(entry);
  }

  /**
   * Streams a workflow as the local platform does: a scripted result's image, then its video,
   * then done; a scripted throw as the `error` event.
   */
  async *streamWorkflow(
    workflow: string,
    input: Record<string, unknown>,
    options?: RunOptions,
  ): AsyncIterable<WorkflowEvent> {
    const next = this.next(workflow, input, options);
    try {
      if (next && 'events' in next) {
        yield* next.events();
        return;
      }
      const { output, usage } = await this.answerOf(next, workflow, input);
      for (const kind of ['image', 'video'] as const) {
        const url = mediaOf(output, kind);
        if (url) yield { type: kind, url };
      }
      yield { type: 'done', cost: usage?.cost };
    } catch (error) {
      yield { type: 'error', error };
    }
  }

  /** Cancels a run: one read() knows keeps what it was charged; any other was charged nothing. */
  async cancel(runId: string): Promise<RunRead> {
    this.cancelled.push(runId);
    const run: RunRead = { ...this.reads.get(runId), id: runId, status: 'cancelled' };
    this.reads.set(runId, run);
    return run;
  }

  async read(id: string): Promise<RunRead> {
    const run = this.reads.get(id);
    if (!run) throw domainError({ code: 'NOT_FOUND' }, `No run ${id} of this user.`);
    return run;
  }

  /** What locatePet() answers, by photo (data URL); any other photo is located for sure. */
  readonly sights = new Map<string, PetSight | { readonly throws: unknown }>();
  /** The photos locatePet() was asked about, in order. */
  readonly located: string[] = [];

  async locatePet(photo: string): Promise<PetSight> {
    this.located.push(photo);
    const sight = this.sights.get(photo) ?? SURE_SIGHT;
    if ('throws' in sight) throw sight.throws;
    return sight;
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

/** A costume output's URL of this kind, as costumeOutput() shapes it. */
function mediaOf(output: readonly unknown[] | undefined, kind: 'image' | 'video'): string {
  for (const entry of output ?? []) {
    const media = (entry as Record<string, Record<string, unknown> | undefined>)[`${kind}_output`];
    if (typeof media?.[kind] === 'string' && media[kind]) return media[kind];
  }
  return '';
}
