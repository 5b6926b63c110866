import type { DisplayedError } from '../domain/model/generation';
import type { GalleryItem } from '../domain/model/gallery-item';
import type { PresetKind } from '../domain/model/presets';
import type { ClockPort } from '../domain/ports/clock.port';
import { Creation } from '../domain/use-cases/creation';
import { GenerateCostume, VALIDATION_MESSAGES } from '../domain/use-cases/generate-costume';
import { ProgressTimeline } from '../domain/use-cases/progress-timeline';
import { SelectInputs } from '../domain/use-cases/select-inputs';
import { cliRunner } from './cli-runner';
import type { Connection } from './connect';
import { GenerationFailed, usageError } from './handle-error';
import type { ChosenInput } from './inputs';

/** What to do when only the video failed: the image is a creation already. */
export const VIDEO_ONLY = 'The image is saved to your gallery; generate again for a video.';

export interface Generated {
  readonly item: GalleryItem;
  /** The video's error card when only the image came back (the app's Retry Video case). */
  readonly videoError?: DisplayedError;
  /** False when the creation could not be written to the remote gallery. */
  readonly synced: boolean;
}

export interface GenerateOptions {
  /** The app's nominal timeline, for batch's status line. */
  readonly progress?: ProgressTimeline;
  readonly clock?: ClockPort;
  /** Cancels the run's request when aborted. */
  readonly signal?: AbortSignal;
  /** The run request left for the platform: from here on it is charged. */
  readonly onSent?: () => void;
  /** The costume image arrived; the video is still rendering. */
  readonly onImage?: (imageUrl: string) => void;
}

/**
 * One generation through the app's use cases: SelectInputs and GenerateCostume validate, run the
 * workflow and save to the gallery. Each call gets its own Creation state, so a batch can run
 * several at once over the one shared client (and its request queue).
 */
export async function generateOne(
  connection: Connection,
  pet: ChosenInput | undefined,
  costume: ChosenInput | undefined,
  options: GenerateOptions = {},
): Promise<Generated> {
  const creation = new Creation();
  const select = new SelectInputs(creation);
  const runner = cliRunner(connection.runner, options);
  const clock = options.clock ?? connection.clock;
  const progress = options.progress ?? new ProgressTimeline(clock);
  const { gallery } = connection.services;
  const generate = new GenerateCostume(
    creation,
    runner,
    gallery,
    clock,
    progress,
    connection.presetUrl,
    // Streamed: the image arrives while the video still renders (the progress and the early file).
    true,
  );
  choose(select, pet, costume);
  const stopWatching = creation.subscribe(() => {
    const { generation, results } = creation.getSnapshot();
    if (generation.isGenerating && generation.imageReady && results?.imageUrl)
      options.onImage?.(results.imageUrl);
  });

  await generate.execute().finally(stopWatching);
  const state = creation.getSnapshot();
  if (state.validationMessage) throw usageError(state.validationMessage);
  const imageUrl = state.results?.imageUrl;
  const item = imageUrl
    ? gallery.getSnapshot().items.find((i) => i.imageUrl === imageUrl)
    : undefined;
  if (!item) {
    const cards = [state.imageError, state.videoError].filter((c): c is DisplayedError => !!c);
    throw new GenerationFailed(cards, runner.lastError);
  }
  return {
    item,
    videoError: state.videoError,
    synced: gallery.getSnapshot().syncStatus !== 'error',
  };
}

/**
 * The app's own check (SPEC.md 5), made before sign-in and before anything is spent: a command
 * line missing an input is a usage error (2) whether or not a token is at hand.
 */
export function requireBothInputs(pet?: ChosenInput, costume?: ChosenInput): void {
  if (pet && costume) return;
  const uploads = pet?.source === 'file' || costume?.source === 'file';
  throw usageError(VALIDATION_MESSAGES[uploads ? 'upload' : 'presets'], [
    'Give both --pet and --costume (`pawloween presets` lists the ids).',
  ]);
}

/** Each side takes its own source; a file on either side gives the app's upload-mode message. */
function choose(
  select: SelectInputs,
  pet: ChosenInput | undefined,
  costume: ChosenInput | undefined,
): void {
  const uploads = pet?.source === 'file' || costume?.source === 'file';
  select.setMode(uploads ? 'upload' : 'presets');
  const pick = (kind: PresetKind, input?: ChosenInput) => {
    if (!input) return;
    if (input.source === 'file') select.setUpload(kind, input.dataUrl);
    else select.selectPreset(kind, input.id);
  };
  pick('pet', pet);
  pick('costume', costume);
}

/**
 * Gallery ids are creation times in ms (SPEC.md 3); creations of one batch finishing in the same
 * millisecond must still get distinct ids.
 */
export function uniqueClock(clock: ClockPort): ClockPort {
  let last = 0;
  return {
    now: () => (last = Math.max(clock.now(), last + 1)),
    after: (ms, fn) => clock.after(ms, fn),
    every: (ms, fn) => clock.every(ms, fn),
  };
}
