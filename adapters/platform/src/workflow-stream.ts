import type { RunResponse } from './api/run';

/** A workflow stream that ended without any output entry. */
export const NO_WORKFLOW_OUTPUT = 'No output received from workflow';

/**
 * What a streamed workflow run yields, in order: its id once the platform names it (before any
 * output), its outputs as they exist, its usage, then done.
 */
export type WorkflowStreamEvent =
  | { type: 'run'; runId: string }
  | {
      type: 'output';
      /** The output's name in the workflow's answer, e.g. 'image_output'. */
      key: string;
      /** 'image', 'video', ... as the workflow names it. */
      outputType: string;
      url: string;
      /** What the workflow tells about this output, when it does (ImageOutput's `notice`). */
      notice?: string;
    }
  | { type: 'usage'; cost?: number; remainingCredits?: number }
  | { type: 'done'; result: WorkflowResult };

/** A workflow's picture: its URL under `image`. */
export interface ImageOutput {
  outputType: 'image';
  /** The image's URL (http(s), for as long as the platform keeps it). */
  image: string;
  /**
   * Optional: what the workflow tells about the picture. The costume workflow's
   * `'no_character'`: the costume picture held no character (a landscape, a page of text), so the
   * pet wears the picture's colours instead. Other values may come; show none you do not know.
   */
  notice?: string;
}

/** A workflow's video: its URL under `video`. */
export interface VideoOutput {
  outputType: 'video';
  /** The video's URL (http(s), for as long as the platform keeps it). */
  video: string;
}

/** One output of a workflow, its URL under its type's name. */
export type WorkflowOutput = ImageOutput | VideoOutput;

/**
 * One entry of a workflow's answer: each output under its name. The costume workflow answers one
 * entry with both, `{ image_output, video_output }` (the video missing when only the image was
 * delivered); another workflow names its own outputs.
 */
export interface WorkflowOutputEntry {
  image_output?: ImageOutput;
  video_output?: VideoOutput;
  [name: string]: WorkflowOutput | undefined;
}

/** The whole answer of a workflow run, in the shape `run.create` gives it (one entry per output entry). */
export type WorkflowResult = Omit<RunResponse, 'output'> & {
  output: WorkflowOutputEntry[];
  requestId?: string;
};

/**
 * Turns the content pieces of a streamed workflow run into events. Each piece is a part of the run
 * answer as JSON ({ id, model, output: [entry], usage? }); a platform that cuts one JSON across
 * several pieces, or sends the whole answer at once, reads the same.
 */
export class WorkflowStreamReader {
  readonly result: WorkflowResult = { output: [] };
  #pending = '';

  push(piece: string): WorkflowStreamEvent[] {
    this.#pending += piece;
    const fragment = parseJson(this.#pending) ?? parseJson(piece);
    if (typeof fragment !== 'object' || fragment === null) return [];
    this.#pending = '';
    const { id, model, output, usage } = fragment as RunResponse;
    const events: WorkflowStreamEvent[] = [];
    if (typeof id === 'string' && id && this.result.id === undefined)
      events.push({ type: 'run', runId: id });
    if (typeof id === 'string') this.result.id = id;
    if (typeof model === 'string') this.result.model = model;
    // The pieces of one run's output entry (its image, then its video) make one entry, as
    // run.create answers it: [{ image_output, video_output }].
    (Array.isArray(output) ? output : []).forEach((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null) return;
      this.result.output[index] = {
        ...this.result.output[index],
        ...(entry as WorkflowOutputEntry),
      };
      events.push(...outputsOf(entry as Record<string, unknown>));
    });
    if (usage && typeof usage === 'object') {
      this.result.usage = usage;
      events.push({ type: 'usage', cost: usage.cost, remainingCredits: usage.remainingCredits });
    }
    return events;
  }
}

/** { image_output: { image: url, outputType: 'image' } } becomes one output event. */
function outputsOf(entry: Record<string, unknown>): WorkflowStreamEvent[] {
  const events: WorkflowStreamEvent[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value !== 'object' || value === null) continue;
    const media = value as Record<string, unknown>;
    const outputType = typeof media.outputType === 'string' ? media.outputType : key;
    const url = media[outputType];
    const notice = typeof media.notice === 'string' && media.notice ? media.notice : undefined;
    if (typeof url === 'string' && url)
      events.push({ type: 'output', key, outputType, url, ...(notice && { notice }) });
  }
  return events;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
