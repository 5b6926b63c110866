import { NO_OUTPUT_MESSAGE } from '../errors';
import type { GenerationResults } from '../model/generation';
import { COSTUME_WORKFLOW_ID, WORKFLOW_INPUT, WORKFLOW_OUTPUT } from '../model/workflow';
import type { ClockPort } from '../ports/clock.port';
import type { RunnerPort, RunOptions, RunRead, StreamOptions } from '../ports/runner.port';

const inputOf = (pet: string, costume: string) => ({
  [WORKFLOW_INPUT.pet]: pet,
  [WORKFLOW_INPUT.costume]: costume,
});

/** Runs the costume workflow once and reads its outputs; a missing one is an empty string. */
export async function runCostumeWorkflow(
  runner: RunnerPort,
  pet: string,
  costume: string,
  options: RunOptions = {},
): Promise<GenerationResults> {
  const { output, usage } = await runner.run(COSTUME_WORKFLOW_ID, inputOf(pet, costume), options);
  if (!Array.isArray(output)) throw new Error(NO_OUTPUT_MESSAGE);
  return {
    imageUrl: findMedia(output, 'image'),
    videoUrl: findMedia(output, 'video'),
    cost: costOf(usage),
  };
}

/**
 * Runs the costume workflow streamed, so the image is known while the video still encodes. Each
 * streamed content is a piece of the run answer as JSON ({ output: [...] }): the local platform
 * sends the image entry first and the video entry last; a platform sending the whole answer at
 * once, or JSON cut across several contents, reads the same.
 */
export async function streamCostumeWorkflow(
  runner: RunnerPort,
  pet: string,
  costume: string,
  onImage: (imageUrl: string) => void,
  options: StreamOptions = {},
  onRunId?: (id: string) => void,
): Promise<GenerationResults> {
  let runId = '';
  let imageUrl = '';
  let videoUrl = '';
  let cost: number | undefined;
  let sawOutput = false;
  let pending = '';
  // The run is named once, whether the runner tells its id or its first content carries it.
  const named = (id: string) => {
    if (runId) return;
    runId = id;
    onRunId?.(id);
    options.onRunId?.(id);
  };
  const streamed = runner.stream(COSTUME_WORKFLOW_ID, inputOf(pet, costume), {
    ...options,
    onRunId: named,
  });
  for await (const piece of streamed) {
    pending += piece;
    // A piece that does not complete the JSON waits for the next; one that is whole on its own
    // after stray text starts afresh.
    const fragment = parseJson(pending) ?? parseJson(piece);
    if (fragment === undefined) continue;
    pending = '';
    cost = costOf((fragment as { usage?: unknown } | null)?.usage) ?? cost;
    // The platform's first piece names the run: a page that reloads follows it by this id.
    const id = (fragment as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id) named(id);
    const output = (fragment as { output?: unknown } | null)?.output;
    // The platform's first piece may name the run alone (an empty output): not an output yet.
    if (!Array.isArray(output) || output.length === 0) continue;
    sawOutput = true;
    videoUrl ||= findMedia(output, 'video');
    if (imageUrl) continue;
    imageUrl = findMedia(output, 'image');
    // Only an image that comes before the video is worth showing early.
    if (imageUrl && !videoUrl) onImage(imageUrl);
  }
  if (!sawOutput) throw new Error(NO_OUTPUT_MESSAGE);
  return { imageUrl, videoUrl, cost };
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
  onImage: (imageUrl: string) => void = () => {},
): Promise<FollowedRun> {
  let shown = '';
  for (;;) {
    const run = await read(id);
    const output = Array.isArray(run.output) ? run.output : [];
    const imageUrl = findMedia(output, 'image');
    const videoUrl = findMedia(output, 'video');
    if (run.status !== 'running')
      return { status: run.status, results: { imageUrl, videoUrl, cost: costOf(run.usage) } };
    if (imageUrl && !shown) onImage((shown = imageUrl));
    await new Promise<void>((resolve) => clock.after(FOLLOW_READ_MS, resolve));
  }
}

/** The run's price from its usage, when it is a sensible amount. */
function costOf(usage: unknown): number | undefined {
  const cost = (usage as { cost?: unknown } | null | undefined)?.cost;
  return typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? cost : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
