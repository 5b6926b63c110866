import { VideoGenerationError, ImageGenerationError, isUnauthorized } from '../errors';
import { presetImagePath, type PresetKind } from '../model/presets';
import type { GenerationResults, InputSource } from '../model/generation';
import type { ClockPort } from '../ports/clock.port';
import type { RunnerPort } from '../ports/runner.port';
import { runCostumeWorkflow, streamCostumeWorkflow } from './costume-run';
import { type Creation, type CreationSnapshot } from './creation';
import { presentErrorCard, presentErrorDialog } from './error-presentation';
import type { Gallery } from './gallery';
import type { ProgressTimeline } from './progress-timeline';

export const VALIDATION_MESSAGES = {
  upload: "Please upload both your pet's photo and a costume character image.",
  presets: 'Please select both a pet and a costume from the presets.',
} as const;

/** Technical texts of the cards when the workflow answered but left a result out. */
export const MISSING_IMAGE = 'Image generation failed: the workflow returned no image';
export const MISSING_VIDEO = 'Video generation failed: the workflow returned no video';

/** Where a preset's image is fetched from by the workflow; drivers may make it absolute. */
export type PresetUrl = (preset: { kind: PresetKind; id: string }) => string;

export interface GenerateOutcome {
  readonly ok: boolean;
}

/**
 * Generate Halloween Costume (SPEC.md section 4 "Generation"): validate that both sides hold
 * an input (the message is the current mode's), run the costume workflow, and save what came back to the gallery.
 */
export class GenerateCostume {
  readonly getSnapshot: Creation['getSnapshot'];
  readonly subscribe: Creation['subscribe'];

  constructor(
    private readonly creation: Creation,
    private readonly runner: RunnerPort,
    private readonly gallery: Gallery,
    private readonly clock: ClockPort,
    private readonly progress: ProgressTimeline,
    private readonly presetUrl: PresetUrl = presetImagePath,
    /**
     * Run the workflow streamed, so the image card shows while the video still encodes. Off for
     * runners whose stream does not carry workflow outputs.
     */
    private readonly streamOutputs = false,
    /** Told what a finished costume cost, so the next Generate can show the price. */
    private readonly prices?: { noteGenerationCost(cost: number): void },
  ) {
    this.getSnapshot = creation.getSnapshot;
    this.subscribe = creation.subscribe;
  }

  async execute(): Promise<GenerateOutcome> {
    const state = this.creation.getSnapshot();
    if (state.generation.isGenerating) return { ok: false };
    const inputs = this.workflowInputs(state);
    if (!inputs) {
      this.creation.change({ validationMessage: VALIDATION_MESSAGES[state.mode] });
      return { ok: false };
    }
    this.creation.change({
      validationMessage: undefined,
      results: undefined,
      imageError: undefined,
      videoError: undefined,
      dialog: undefined,
      generation: {
        isGenerating: true,
        imageReady: false,
        videoReady: false,
        imageError: false,
        videoError: false,
      },
    });
    this.progress.start('image');
    let earlyImage = '';
    try {
      const results = this.streamOutputs
        ? await streamCostumeWorkflow(this.runner, inputs.pet, inputs.costume, (imageUrl) => {
            earlyImage = imageUrl;
            this.showImage(imageUrl);
          })
        : await runCostumeWorkflow(this.runner, inputs.pet, inputs.costume);
      await this.settle(results);
      const ok = Boolean(results.imageUrl && results.videoUrl);
      if (ok && results.cost !== undefined) this.prices?.noteGenerationCost(results.cost);
      return { ok };
    } catch (error) {
      // The image already shown is a creation; only the video failed (Retry Video fills it in).
      if (earlyImage) await this.settle({ imageUrl: earlyImage, videoUrl: '' }, error);
      else this.fail(error);
      return { ok: false };
    } finally {
      this.progress.finish();
      this.creation.changeGeneration({ isGenerating: false });
    }
  }

  /** Closes the workflow error dialog. */
  dismissDialog(): void {
    this.creation.change({ dialog: undefined });
  }

  /**
   * The images the workflow takes, or undefined when a side is empty: each side sends what it
   * holds, a preset as its image URL and an upload as its downsized data URL, in either mode.
   */
  workflowInputs(state: CreationSnapshot): { pet: string; costume: string } | undefined {
    const { pet, costume } = state.inputs;
    if (!pet || !costume) return undefined;
    return { pet: this.imageOf('pet', pet), costume: this.imageOf('costume', costume) };
  }

  private imageOf(kind: PresetKind, input: InputSource): string {
    return input.source === 'upload' ? input.dataUrl : this.presetUrl({ kind, id: input.id });
  }

  /** The image arrived before the video: its card shows, the overlay gives way to the video card's spinner. */
  private showImage(imageUrl: string): void {
    this.creation.change({
      results: { imageUrl, videoUrl: '' },
      generation: {
        isGenerating: true,
        imageReady: true,
        videoReady: false,
        imageError: false,
        videoError: false,
      },
    });
    this.progress.finish();
  }

  private async settle(results: GenerationResults, videoFailure?: unknown): Promise<void> {
    const { imageUrl, videoUrl } = results;
    this.creation.change({
      results,
      generation: {
        isGenerating: true,
        imageReady: Boolean(imageUrl),
        videoReady: Boolean(imageUrl && videoUrl),
        imageError: !imageUrl,
        videoError: !imageUrl || !videoUrl,
      },
      imageError: imageUrl
        ? undefined
        : presentErrorCard('image', new ImageGenerationError(MISSING_IMAGE)),
      videoError:
        imageUrl && videoUrl
          ? undefined
          : presentErrorCard('video', videoFailure ?? new VideoGenerationError(MISSING_VIDEO)),
    });
    // An image alone is still a creation: Retry Video later fills in its video.
    if (imageUrl) {
      const now = this.clock.now();
      await this.gallery.add({
        id: String(now),
        timestamp: now,
        imageUrl,
        videoUrl,
        isFavorite: false,
      });
    }
  }

  private fail(error: unknown): void {
    this.creation.change({
      results: { imageUrl: '', videoUrl: '' },
      generation: {
        isGenerating: true,
        imageReady: false,
        videoReady: false,
        imageError: true,
        videoError: true,
      },
      imageError: presentErrorCard('image', error),
      videoError: presentErrorCard('video', error),
      // A 401 signs the user out silently (Session); no dialog for it.
      dialog: isUnauthorized(error) ? undefined : presentErrorDialog(error),
    });
  }
}
