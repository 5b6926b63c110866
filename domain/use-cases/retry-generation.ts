import { imageGenerationError, videoGenerationError, isUnauthorized } from '../errors';
import type { Creation } from './creation';
import { presentErrorCard, presentErrorDialog } from './error-presentation';
import type { Gallery } from './gallery';
import { MISSING_IMAGE, MISSING_VIDEO, type GenerateCostume } from './generate-costume';
import type { GenerateOutcome, GenerationView } from './generation-view';
import type { ProgressTimeline } from './progress-timeline';

/**
 * The retry buttons (SPEC.md section 4 "Generation"). Each re-runs the whole workflow, since it
 * makes both results at once; transport retries stay in the platform client.
 */
export class RetryGeneration {
  readonly getSnapshot: Creation['getSnapshot'];
  readonly subscribe: Creation['subscribe'];

  constructor(
    private readonly creation: Creation,
    private readonly gallery: Gallery,
    private readonly progress: ProgressTimeline,
    private readonly command: GenerateCostume,
    private readonly generation: GenerationView,
  ) {
    this.getSnapshot = creation.getSnapshot;
    this.subscribe = creation.subscribe;
  }

  /**
   * Re-runs and gives the new video to the gallery item the current results were saved as.
   * Without an image (the dialog's Try Again Later after a failed first run) it generates both again.
   */
  async retryVideo(): Promise<GenerateOutcome> {
    const { results, itemId } = this.creation.getSnapshot();
    const imageUrl = results?.imageUrl;
    if (!imageUrl) return this.generation.execute();
    const videoUrl = await this.rerun('video', (results) => results.videoUrl, MISSING_VIDEO);
    if (!videoUrl) return { ok: false };
    this.creation.change((state) => ({
      results: { imageUrl, videoUrl },
      videoError: undefined,
      generation: { ...state.generation, videoReady: true, videoError: false },
    }));
    if (itemId !== undefined) await this.gallery.setVideoUrl(itemId, videoUrl);
    return { ok: true };
  }

  /** Re-runs and, when an image comes back, adds it to the gallery as a new creation. */
  async retryImage(): Promise<GenerateOutcome> {
    let video = '';
    const imageUrl = await this.rerun(
      'image',
      (results) => {
        video = results.videoUrl;
        return results.imageUrl;
      },
      MISSING_IMAGE,
    );
    if (!imageUrl) return { ok: false };
    const item = this.command.newItem({ imageUrl, videoUrl: video });
    this.creation.change((state) => ({
      results: { imageUrl, videoUrl: video || (state.results?.videoUrl ?? '') },
      itemId: item?.id,
      imageError: undefined,
      videoError: video ? undefined : state.videoError,
      generation: {
        ...state.generation,
        imageReady: true,
        imageError: false,
        videoReady: state.generation.videoReady || Boolean(video),
        videoError: video ? false : state.generation.videoError,
      },
    }));
    if (item) await this.gallery.add(item);
    return { ok: true };
  }

  /** Resets and generates again from the same inputs. */
  retryBoth(): Promise<GenerateOutcome> {
    return this.generation.execute();
  }

  private async rerun(
    kind: 'image' | 'video',
    pick: (results: { imageUrl: string; videoUrl: string }) => string,
    missing: string,
  ): Promise<string | undefined> {
    const state = this.creation.getSnapshot();
    const inputs = this.command.workflowInputs(state.inputs);
    if (!inputs || state.generation.isGenerating) return undefined;
    const errorKey = kind === 'image' ? 'imageError' : 'videoError';
    this.creation.change((current) => ({
      [errorKey]: undefined,
      dialog: undefined,
      generation: { ...current.generation, isGenerating: true, [errorKey]: false },
    }));
    this.progress.start(kind);
    try {
      const url = pick(
        await this.command.rerun(inputs, (notice) => this.creation.change({ notice })),
      );
      if (!url) {
        const error =
          kind === 'video' ? videoGenerationError(missing) : imageGenerationError(missing);
        this.failed(kind, error, kind === 'video');
      }
      return url || undefined;
    } catch (error) {
      this.failed(kind, error, !isUnauthorized(error));
      return undefined;
    } finally {
      this.progress.finish();
      this.creation.changeGeneration({ isGenerating: false });
    }
  }

  private failed(kind: 'image' | 'video', error: unknown, withDialog: boolean): void {
    const errorKey = kind === 'image' ? 'imageError' : 'videoError';
    this.creation.change((state) => ({
      [errorKey]: presentErrorCard(kind, error),
      dialog: withDialog ? presentErrorDialog(error) : undefined,
      generation: { ...state.generation, [errorKey]: true },
    }));
  }
}
