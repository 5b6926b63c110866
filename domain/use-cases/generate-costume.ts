import {
  videoGenerationError,
  imageGenerationError,
  isConnectionLost,
  isUnauthorized,
} from '../errors';
import { presetImagePath, type PresetKind } from '../model/presets';
import type { GenerationResults, InputSource } from '../model/generation';
import type { ClockPort } from '../ports/clock.port';
import type { ConnectivityPort } from '../ports/connectivity.port';
import type { PendingRunPort } from '../ports/pending-run.port';
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
 * How a run survives a lost network or a reload (issue 31). Each run gets its own
 * Idempotency-Key; sent again with it, the platform answers the same run and charges it once (a
 * run whose caller went away is not charged and runs afresh). Without these, as in the CLI and
 * most tests, a lost run ends in its error cards.
 */
export interface RunRecovery {
  /** Tells when the device is back online; a run lost with the network is then sent again. */
  readonly connectivity?: ConnectivityPort;
  /** A fresh Idempotency-Key. */
  readonly newKey?: () => string;
  /** Keeps the pending run on the device, so a reload sends it again. */
  readonly pending?: PendingRunPort;
}

export const RECOVERY_LIMITS = {
  /** Sends of a lost run after the first, while online: after 1, 2, 4 and 8 s. */
  resends: 4,
  firstResendDelayMs: 1_000,
  /** How long a lost run waits for the network before its error cards show. */
  offlineWaitMs: 5 * 60_000,
  /** A pending run older than this is not picked up after a reload. */
  pendingMaxAgeMs: 60 * 60_000,
} as const;

export const RECOVERY_NOTICES = {
  offline:
    'You are offline. Your costume will finish when the connection returns, and it is charged only once.',
  resending: 'Reconnecting to finish your costume…',
  resumed: 'Picking up the costume you started before the page reloaded…',
  inputsLost:
    'The costume you started before the page reloaded could not be picked up: its photos were too large to keep on this device. Nothing was charged for it; add them again and press Generate.',
} as const;

/**
 * Generate Halloween Costume (SPEC.md section 4 "Generation"): validate that both sides hold
 * an input (the message is the current mode's), run the costume workflow, and save what came back to the gallery.
 */
export class GenerateCostume {
  private resumed = false;
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
    private readonly recovery: RunRecovery = {},
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
    const key = this.newKey();
    this.recovery.pending?.save({
      key,
      mode: state.mode,
      inputs: state.inputs,
      startedAt: this.clock.now(),
    });
    return this.run(inputs, key);
  }

  /**
   * After a reload: the run that was sent before it is sent again with its key, from the inputs
   * the device kept (the platform answers it, charged once), or the page says why it cannot be.
   * Does nothing when no run was pending, or once per page.
   */
  async resume(): Promise<GenerateOutcome | undefined> {
    const { pending } = this.recovery;
    if (!pending || this.resumed) return undefined;
    this.resumed = true;
    const saved = pending.load();
    if (!saved || this.creation.getSnapshot().generation.isGenerating) return undefined;
    if (
      this.clock.now() - saved.startedAt > RECOVERY_LIMITS.pendingMaxAgeMs ||
      !('mode' in saved)
    ) {
      pending.clear();
      if (!('mode' in saved)) this.creation.change({ notice: RECOVERY_NOTICES.inputsLost });
      return undefined;
    }
    this.creation.change({ mode: saved.mode, inputs: saved.inputs });
    const inputs = this.workflowInputs(this.creation.getSnapshot());
    if (!inputs) {
      pending.clear();
      return undefined;
    }
    return this.run(inputs, saved.key, RECOVERY_NOTICES.resumed);
  }

  /**
   * Runs the workflow whole with a fresh key, sent again when its connection is lost: the retry
   * buttons' runs survive the network as Generate's do.
   */
  async runRecovering(inputs: { pet: string; costume: string }): Promise<GenerationResults> {
    const options = { idempotencyKey: this.newKey() };
    try {
      return await this.withResends(() =>
        runCostumeWorkflow(this.runner, inputs.pet, inputs.costume, options),
      );
    } finally {
      this.creation.change({ notice: undefined });
    }
  }

  private newKey(): string {
    return this.recovery.newKey?.() ?? `run-${this.clock.now()}-${randomPart()}`;
  }

  private async run(
    inputs: { pet: string; costume: string },
    key: string,
    notice?: string,
  ): Promise<GenerateOutcome> {
    this.creation.change({
      validationMessage: undefined,
      results: undefined,
      imageError: undefined,
      videoError: undefined,
      dialog: undefined,
      notice,
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
    const options = { idempotencyKey: key };
    try {
      const results = await this.withResends(() =>
        this.streamOutputs
          ? streamCostumeWorkflow(
              this.runner,
              inputs.pet,
              inputs.costume,
              (imageUrl) => {
                earlyImage = imageUrl;
                this.showImage(imageUrl);
              },
              options,
            )
          : runCostumeWorkflow(this.runner, inputs.pet, inputs.costume, options),
      );
      this.creation.change({ notice: undefined });
      await this.settle(results);
      const ok = Boolean(results.imageUrl && results.videoUrl);
      if (ok && results.cost !== undefined) this.prices?.noteGenerationCost(results.cost);
      return { ok };
    } catch (error) {
      this.creation.change({ notice: undefined });
      // The image already shown is a creation; only the video failed (Retry Video fills it in).
      if (earlyImage) await this.settle({ imageUrl: earlyImage, videoUrl: '' }, error);
      else this.fail(error);
      return { ok: false };
    } finally {
      this.recovery.pending?.clear();
      this.progress.finish();
      this.creation.changeGeneration({ isGenerating: false });
    }
  }

  /**
   * Sends a run again, with the same key, when its connection was lost: once the device is back
   * online, after 1, 2, 4 and 8 s. Anything the platform answered (a refusal, a failure) ends it.
   */
  private async withResends<T>(attempt: () => Promise<T>): Promise<T> {
    const { connectivity } = this.recovery;
    for (let resend = 0; ; resend++) {
      try {
        return await attempt();
      } catch (error) {
        if (!connectivity || !isConnectionLost(error) || resend >= RECOVERY_LIMITS.resends)
          throw error;
        if (!connectivity.isOnline()) {
          this.creation.change({ notice: RECOVERY_NOTICES.offline });
          if (!(await this.untilOnline(connectivity))) throw error;
        }
        this.creation.change({ notice: RECOVERY_NOTICES.resending });
        await new Promise<void>((resolve) =>
          this.clock.after(RECOVERY_LIMITS.firstResendDelayMs * 2 ** resend, resolve),
        );
      }
    }
  }

  /** True once the device is online again; false when it stayed offline too long. */
  private untilOnline(connectivity: ConnectivityPort): Promise<boolean> {
    return new Promise((resolve) => {
      let stopWaiting = () => {};
      const cancelTimeout = this.clock.after(RECOVERY_LIMITS.offlineWaitMs, () => {
        stopWaiting();
        resolve(false);
      });
      stopWaiting = connectivity.whenOnline(() => {
        cancelTimeout();
        resolve(true);
      });
    });
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

  /**
   * The image arrived before the video: its card shows, and the overlay gives way to the video
   * stage (SPEC.md: 7 messages over a nominal 25 s), drawn in the video card.
   */
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
    this.progress.start('video');
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
        : presentErrorCard('image', imageGenerationError(MISSING_IMAGE)),
      videoError:
        imageUrl && videoUrl
          ? undefined
          : presentErrorCard('video', videoFailure ?? videoGenerationError(MISSING_VIDEO)),
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

/** A key's random part where no key maker was given (the platform client makes its own too). */
function randomPart(): string {
  return Math.random().toString(36).slice(2, 12);
}
