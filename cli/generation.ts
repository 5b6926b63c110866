import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DisplayedError } from '../domain/model/generation';
import type { GalleryItem } from '../domain/model/gallery-item';
import type { PresetKind } from '../domain/model/presets';
import type { ClockPort } from '../domain/ports/clock.port';
import type { RunnerPort } from '../domain/ports/runner.port';
import { Creation } from '../domain/use-cases/creation';
import {
  GenerateCostume,
  VALIDATION_MESSAGES,
  type PresetUrl,
} from '../domain/use-cases/generate-costume';
import { ProgressTimeline } from '../domain/use-cases/progress-timeline';
import { SelectInputs } from '../domain/use-cases/select-inputs';
import type { Connection } from './connect';
import { GenerationFailed, usageError } from './handle-error';
import type { ChosenInput } from './inputs';
import { writeWhole } from './output-files';

/** What to do when only the video failed: the image is a creation already. */
export const VIDEO_ONLY = 'The image is saved to your gallery; generate again for a video.';

export interface Generated {
  readonly item: GalleryItem;
  /** The video's error card when only the image came back (the app's Retry Video case). */
  readonly videoError?: DisplayedError;
  /** False when the creation could not be written to the remote gallery. */
  readonly synced: boolean;
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
  options: { progress?: ProgressTimeline; clock?: ClockPort } = {},
): Promise<Generated> {
  const creation = new Creation();
  const select = new SelectInputs(creation);
  const runner = recordingRunner(connection.runner);
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
  );
  choose(select, pet, costume, connection.presetUrl);

  await generate.execute();
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

/** Both presets use the app's preset mode; a file on either side needs upload mode. */
function choose(
  select: SelectInputs,
  pet: ChosenInput | undefined,
  costume: ChosenInput | undefined,
  presetUrl: PresetUrl,
): void {
  const uploads = pet?.source === 'file' || costume?.source === 'file';
  select.setMode(uploads ? 'upload' : 'presets');
  const pick = (kind: PresetKind, input?: ChosenInput) => {
    if (!input) return;
    if (!uploads) select.selectPreset(kind, (input as { id: string }).id);
    // A preset next to an upload travels as its preset image URL, which the workflow accepts too.
    else
      select.setUpload(
        kind,
        input.source === 'file' ? input.dataUrl : presetUrl({ kind, id: input.id }),
      );
  };
  pick('pet', pet);
  pick('costume', costume);
}

/** The runner, remembering the platform error the domain turns into cards (for its request id). */
function recordingRunner(inner: RunnerPort): RunnerPort & { lastError?: unknown } {
  const recorder: RunnerPort & { lastError?: unknown } = {
    run: async (model, input, options) => {
      try {
        return await inner.run(model, input, options);
      } catch (error) {
        recorder.lastError = error;
        throw error;
      }
    },
    stream: (model, input, options) => inner.stream(model, input, options),
  };
  return recorder;
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

export interface Downloaded {
  readonly imageFile: string;
  readonly videoFile?: string;
}

/** Saves a creation's image and video under the app's download file names. */
export async function downloadItem(
  connection: Connection,
  item: GalleryItem,
  dir: string,
): Promise<Downloaded> {
  await mkdir(dir, { recursive: true });
  const { gallery } = connection.services;
  const imageFile = path.join(dir, gallery.downloadFileName(item, 'image'));
  await download(item.imageUrl, imageFile);
  if (!item.videoUrl) return { imageFile };
  const videoFile = path.join(dir, gallery.downloadFileName(item, 'video'));
  await download(item.videoUrl, videoFile);
  return { imageFile, videoFile };
}

// Media files are plain public downloads (the app's Download buttons fetch them the same way), not
// platform API calls, so they do not go through the platform client.
async function download(url: string, file: string, signal?: AbortSignal): Promise<void> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Could not download ${url}: HTTP ${response.status}`);
  await writeWhole(file, Buffer.from(await response.arrayBuffer()));
}
