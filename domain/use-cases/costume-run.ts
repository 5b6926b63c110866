import { NO_OUTPUT_MESSAGE } from '../errors';
import { FACE_INPUT, type FacePoint } from '../model/face-point';
import type { GenerationResults } from '../model/generation';
import {
  COSTUME_WORKFLOW_ID,
  NOTICE_TEXT,
  WORKFLOW_INPUT,
  WORKFLOW_OUTPUT,
  type WorkflowNotice,
} from '../model/workflow';
import type { ClockPort } from '../ports/clock.port';
import type { RunnerPort, RunOptions, RunRead } from '../ports/runner.port';

/** The two images the workflow takes (a preset's URL or an upload's data URL each), and its options. */
export interface WorkflowInputs {
  readonly pet: string;
  readonly costume: string;
  /** Keep my photo's background (issue 40): sent only when true, and only for an uploaded pet. */
  readonly keepBackground?: boolean;
  /** Where the owner tapped their pet's face on an uploaded photo (issue 39). */
  readonly face?: FacePoint;
}

const inputOf = (inputs: WorkflowInputs) => ({
  [WORKFLOW_INPUT.pet]: inputs.pet,
  [WORKFLOW_INPUT.costume]: inputs.costume,
  ...(inputs.keepBackground ? { [WORKFLOW_INPUT.keepBackground]: true } : {}),
  ...(inputs.face && { [FACE_INPUT]: inputs.face }),
});

/** Runs the costume workflow once and reads its outputs; a missing one is an empty string. */
export async function runCostumeWorkflow(
  runner: RunnerPort,
  inputs: WorkflowInputs,
  options: RunOptions = {},
): Promise<GenerationResults> {
  const { output, usage } = await runner.run(COSTUME_WORKFLOW_ID, inputOf(inputs), options);
  if (!Array.isArray(output)) throw new Error(NO_OUTPUT_MESSAGE);
  return {
    imageUrl: findMedia(output, 'image'),
    videoUrl: findMedia(output, 'video'),
    cost: costOf(usage),
    ...imageNoteOf(output),
  };
}

/** Who hears a streamed costume run as it goes. */
export interface CostumeRunListener {
  /** The costume image arrived before the video, with what is said under it (imageNote). */
  readonly onImage: (imageUrl: string, imageNote?: string) => void;
  /** The platform named the run (before delivering anything): a reload can follow it by this id. */
  readonly onRunId?: (id: string) => void;
}

/**
 * Runs the costume workflow streamed, so the image is known while the video still encodes: the
 * runner tells the run's id, each output as it exists, then what the run cost or why it failed.
 */
export async function streamCostumeWorkflow(
  runner: RunnerPort,
  inputs: WorkflowInputs,
  listener: CostumeRunListener,
  options: RunOptions = {},
): Promise<GenerationResults> {
  let imageUrl = '';
  let videoUrl = '';
  let imageNote: string | undefined;
  let cost: number | undefined;
  const events = runner.streamWorkflow(COSTUME_WORKFLOW_ID, inputOf(inputs), options);
  for await (const event of events) {
    switch (event.type) {
      case 'run-id':
        listener.onRunId?.(event.runId);
        break;
      case 'image':
        if (imageUrl) break;
        imageUrl = event.url;
        imageNote = noteOf(event.notice);
        // Only an image that comes before the video is worth showing early.
        if (!videoUrl) listener.onImage(imageUrl, imageNote);
        break;
      case 'video':
        videoUrl ||= event.url;
        break;
      case 'done':
        cost = costOf(event);
        break;
      case 'error':
        throw event.error;
    }
  }
  if (!imageUrl && !videoUrl) throw new Error(NO_OUTPUT_MESSAGE);
  return { imageUrl, videoUrl, cost, ...(imageNote && { imageNote }) };
}

/** How often a run followed by its id is read while it goes. */
const FOLLOW_READ_MS = 1_000;

/** What a run followed by its id ended with. */
interface FollowedRun {
  readonly results: GenerationResults;
  readonly status: RunRead['status'];
}

/**
 * Follows a run by its id (after a reload, or on the next visit): reads it every second while it
 * goes, which keeps it wanted so it finishes (README "Money"), telling its image as soon as it
 * exists; answers its outputs once it ended.
 */
export async function followCostumeRun(
  read: (id: string) => Promise<RunRead>,
  id: string,
  clock: ClockPort,
  onImage: (imageUrl: string, imageNote?: string) => void = () => {},
): Promise<FollowedRun> {
  let shown = '';
  for (;;) {
    const run = await read(id);
    const output = Array.isArray(run.output) ? run.output : [];
    const imageUrl = findMedia(output, 'image');
    const videoUrl = findMedia(output, 'video');
    const note = imageNoteOf(output);
    if (run.status !== 'running')
      return {
        status: run.status,
        results: { imageUrl, videoUrl, cost: costOf(run.usage), ...note },
      };
    if (imageUrl && !shown) onImage((shown = imageUrl), note.imageNote);
    await new Promise<void>((resolve) => clock.after(FOLLOW_READ_MS, resolve));
  }
}

/** The run's price from its usage, when it is a sensible amount. */
function costOf(usage: unknown): number | undefined {
  const cost = (usage as { cost?: unknown } | null | undefined)?.cost;
  return typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? cost : undefined;
}

/** The sentence for a notice the workflow told; none for one this app does not know. */
function noteOf(notice: unknown): string | undefined {
  return typeof notice === 'string' && Object.hasOwn(NOTICE_TEXT, notice)
    ? NOTICE_TEXT[notice as WorkflowNotice]
    : undefined;
}

/** What the first image output says under it (its `notice`), as the result's imageNote. */
function imageNoteOf(output: readonly unknown[]): { imageNote?: string } {
  for (const entry of output) {
    const media = (entry as Record<string, unknown> | undefined)?.[WORKFLOW_OUTPUT.image];
    const note = noteOf((media as Record<string, unknown> | undefined)?.notice);
    if (note) return { imageNote: note };
  }
  return {};
}

/** The first non-empty image or video URL among the output entries. */
function findMedia(output: readonly unknown[], kind: 'image' | 'video'): string {
  const field = kind === 'image' ? WORKFLOW_OUTPUT.image : WORKFLOW_OUTPUT.video;
  for (const entry of output) {
    const media = (entry as Record<string, unknown> | undefined)?.[field];
    const url = (media as Record<string, unknown> | undefined)?.[kind];
    if (typeof url === 'string' && url) return url;
  }
  return '';
}
