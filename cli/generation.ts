import type { DisplayedError, InputSource } from '../domain/model/generation';
import type { GalleryItem } from '../domain/model/gallery-item';
import { presentErrorCard } from '../domain/use-cases/error-presentation';
import { imageGenerationError, videoGenerationError } from '../domain/errors';
import { MISSING_IMAGE, MISSING_VIDEO } from '../domain/use-cases/generate-costume';
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
  /** What the platform charged for the run (USD), as its answer said; undefined when it did not say. */
  readonly cost?: number;
  /** What the workflow said of the image (no character in the costume picture), to print. */
  readonly imageNote?: string;
}

export interface GenerateOptions {
  /** The run request left for the platform: from here on it is charged. */
  readonly onSent?: () => void;
  /** The costume image arrived; the video is still rendering. */
  readonly onImage?: (imageUrl: string) => void;
  /** The platform named the run, before delivering anything: it can be cancelled by this id. */
  readonly onRunId?: (runId: string) => void;
  /** Keep my photo's background (`--keep-background`): the pet photo fills the image. */
  readonly keepBackground?: boolean;
}

/**
 * One generation through the app's GenerateCostume command, taken from the node container: it
 * runs the workflow, saves the item to the gallery and answers it. The command keeps no state of
 * a run, so a batch runs several at once over the one shared client (and its request queue).
 */
export async function generateOne(
  connection: Connection,
  pet: ChosenInput | undefined,
  costume: ChosenInput | undefined,
  { keepBackground, ...options }: GenerateOptions = {},
): Promise<Generated> {
  const { gallery, generateCostume } = connection.services;
  requireBothInputs(pet, costume);
  const inputs = generateCostume.workflowInputs({
    pet: sideOf(pet),
    costume: sideOf(costume),
    ...(keepBackground ? { keepBackground } : {}),
  });
  if (!inputs) throw usageError(BOTH_MISSING);
  const created = await generateCostume.execute({ inputs, ...options }).catch((error: unknown) => {
    throw new GenerationFailed(
      [presentErrorCard('image', error), presentErrorCard('video', error)],
      error,
    );
  });
  const { item, videoFailure, results } = created;
  if (!item) {
    const cards = [
      presentErrorCard('image', imageGenerationError(MISSING_IMAGE)),
      presentErrorCard('video', videoFailure ?? videoGenerationError(MISSING_VIDEO)),
    ];
    throw new GenerationFailed(cards, undefined);
  }
  return {
    item,
    videoError: item.videoUrl
      ? undefined
      : presentErrorCard('video', videoFailure ?? videoGenerationError(MISSING_VIDEO)),
    synced: gallery.getSnapshot().syncStatus !== 'error',
    cost: results.cost,
    ...(results.imageNote && { imageNote: results.imageNote }),
  };
}

const BOTH_MISSING = 'generate needs --pet and --costume: each a preset id or an image file.';

/**
 * The app's own check (SPEC.md 5), made before sign-in and before anything is spent: a command
 * line missing an input is a usage error (2) whether or not a token is at hand. Unlike the app's
 * two modes, either side takes a preset id or an image file, so the message names the flag that is
 * missing and both kinds of value it takes.
 */
export function requireBothInputs(pet?: ChosenInput, costume?: ChosenInput): void {
  if (pet && costume) return;
  const missing = [pet ? undefined : '--pet', costume ? undefined : '--costume'].filter(Boolean);
  const example = pet
    ? '--costume vampire'
    : costume
      ? '--pet dog1'
      : '--pet dog1 --costume vampire';
  throw usageError(
    missing.length === 2
      ? BOTH_MISSING
      : `generate needs ${missing[0]} too: a preset ${pet ? 'costume' : 'pet'} id or an image file.`,
    [`For example ${example} (\`pawloween presets\` lists the ids), or the path of a picture.`],
  );
}

/** A file on the command line is the app's upload; a preset id its preset. */
function sideOf(input: ChosenInput | undefined): InputSource | undefined {
  if (!input) return undefined;
  return input.source === 'file'
    ? { source: 'upload', dataUrl: input.dataUrl, ...(input.face && { face: input.face }) }
    : { source: 'preset', id: input.id };
}
