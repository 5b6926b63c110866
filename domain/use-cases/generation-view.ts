import {
  errorMessage,
  videoGenerationError,
  imageGenerationError,
  isUnauthorized,
} from '../errors';
import type { ClockPort } from '../ports/clock.port';
import type { PendingRun } from '../ports/pending-run.port';
import { INITIAL_CREATION, type Creation } from './creation';
import { presentErrorCard, presentErrorDialog } from './error-presentation';
import {
  MISSING_IMAGE,
  MISSING_VIDEO,
  PICKED_UP_NOTICES,
  RECOVERY_LIMITS,
  RECOVERY_NOTICES,
  VALIDATION_MESSAGES,
  VIDEO_NOT_FINISHED,
  type CostumeCreated,
  type GenerateCostume,
  type RunRecovery,
  type WorkflowInputs,
} from './generate-costume';
import type { ProgressTimeline } from './progress-timeline';

export interface GenerateOutcome {
  readonly ok: boolean;
}

/**
 * The Create view's run (SPEC.md section 4 "Generation"): validates that both sides hold an input
 * (the message is the current mode's), has GenerateCostume run and save it, and keeps what the
 * view shows meanwhile and after (progress, results, the item made, error cards and dialog) in
 * the Creation store anyone can read.
 */
export class GenerationView {
  private resumed = false;
  readonly getSnapshot: Creation['getSnapshot'];
  readonly subscribe: Creation['subscribe'];

  constructor(
    private readonly creation: Creation,
    private readonly command: GenerateCostume,
    private readonly clock: ClockPort,
    private readonly progress: ProgressTimeline,
    private readonly pending: RunRecovery['pending'] = undefined,
    /** Who is signed in: a run's view is its owner's alone (issue 41). */
    private readonly owner?: {
      current(): string | undefined;
      subscribe(listener: () => void): () => void;
    },
  ) {
    this.getSnapshot = creation.getSnapshot;
    this.subscribe = creation.subscribe;
  }

  async execute(): Promise<GenerateOutcome> {
    const state = this.creation.getSnapshot();
    if (state.generation.isGenerating) return { ok: false };
    const inputs = this.command.workflowInputs(state.inputs);
    if (!inputs) {
      this.creation.change({ validationMessage: VALIDATION_MESSAGES[state.mode] });
      return { ok: false };
    }
    const key = this.command.newKey();
    const record = { key, mode: state.mode, inputs: state.inputs, startedAt: this.clock.now() };
    this.pending?.save(record);
    return this.run(inputs, record);
  }

  /**
   * After a reload: the run that was sent before it is sent again with its key, from the inputs
   * the device kept (the platform answers it, charged once), or the page says why it cannot be.
   * Does nothing when no run was pending, or once per page.
   */
  resume(): Promise<GenerateOutcome | undefined> {
    const cut = this.resumeCutRun();
    // After it, so the run this tab was making is followed once, by the call above.
    void this.pickUp();
    return cut;
  }

  /**
   * The owner's runs this device left unsettled (a tab closed, a sign-out mid-run) are followed
   * by id into their gallery, and the page says what became of them (issue 41).
   */
  private async pickUp(): Promise<void> {
    const last = (await this.command.pickUp()).at(-1);
    if (!last) return;
    const notices = PICKED_UP_NOTICES[last.signedOut ? 'signedOut' : 'closed'];
    this.creation.change({ notice: notices[last.outcome] });
  }

  private async resumeCutRun(): Promise<GenerateOutcome | undefined> {
    const { pending } = this;
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
    const inputs = this.command.workflowInputs(saved.inputs);
    if (!inputs) {
      pending.clear();
      return undefined;
    }
    return this.run(inputs, saved, RECOVERY_NOTICES.resumed);
  }

  /** Closes the workflow error dialog. */
  dismissDialog(): void {
    this.creation.change({ dialog: undefined });
  }

  private async run(
    inputs: WorkflowInputs,
    record: PendingRun,
    notice?: string,
  ): Promise<GenerateOutcome> {
    const { key, runId } = record;
    // Signed out (or someone else signed in) mid-run: the run goes on for its owner's gallery,
    // but this page shows nothing more of it, and a reload does not send it again.
    const user = this.owner?.current();
    let left = false;
    const stopWatching = this.owner?.subscribe(() => {
      if (left || this.owner?.current() === user) return;
      left = true;
      this.pending?.clear();
      this.progress.finish();
      this.creation.change({ ...INITIAL_CREATION, mode: this.creation.getSnapshot().mode });
    });
    const theirs =
      <A extends unknown[]>(act: (...args: A) => void) =>
      (...args: A) => {
        if (!left) act(...args);
      };
    this.creation.change({
      validationMessage: undefined,
      results: undefined,
      itemId: undefined,
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
    try {
      const created = await this.command.execute({
        inputs,
        idempotencyKey: key,
        runId,
        // Kept with the pending run as soon as the platform names it: a reload follows it by id.
        onRunId: theirs((id: string) => this.pending?.save({ ...record, runId: id })),
        onImage: theirs((imageUrl: string, imageNote?: string) =>
          this.showImage(imageUrl, imageNote),
        ),
        onNotice: theirs((text: string | undefined) => this.creation.change({ notice: text })),
        onCreated: theirs((created: CostumeCreated) => this.settle(created)),
      });
      const { results, item } = created;
      // Its owner signed out mid-run and is back already: the creation reached their gallery.
      if (left && item && this.owner?.current() === user)
        this.creation.change({ notice: PICKED_UP_NOTICES.signedOut['in-gallery'] });
      return { ok: !left && Boolean(results.imageUrl && results.videoUrl) };
    } catch (error) {
      theirs(() => this.fail(error))();
      return { ok: false };
    } finally {
      stopWatching?.();
      if (!left) {
        this.pending?.clear();
        this.progress.finish();
        this.creation.changeGeneration({ isGenerating: false });
      }
    }
  }

  /**
   * The image arrived before the video: its card shows, and the overlay gives way to the video
   * stage (SPEC.md: 7 messages over a nominal 25 s), drawn in the video card.
   */
  private showImage(imageUrl: string, imageNote?: string): void {
    this.creation.change({
      results: { imageUrl, videoUrl: '', ...(imageNote && { imageNote }) },
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

  /** Shows what the run made, before its item is written to the gallery. */
  private settle({ results, item, videoFailure }: CostumeCreated): void {
    const { imageUrl, videoUrl } = results;
    // A run followed after a reload whose video was stopped meanwhile: the page says what it cost.
    const stopped = errorMessage(videoFailure) === VIDEO_NOT_FINISHED;
    this.creation.change({
      ...(stopped ? { notice: VIDEO_NOT_FINISHED } : {}),
      results,
      itemId: item?.id,
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
