import { LIMITS } from '../model/constants';
import type { Cancel, ClockPort } from '../ports/clock.port';
import { Store } from './store';

export type ProgressStage = 'image' | 'video';

/** Status lines of the image stage (SPEC.md section 9: 8 of them). */
export const IMAGE_STAGE_MESSAGES: readonly string[] = [
  'Summoning the costume spirits...',
  'Measuring your pet for a spooky outfit...',
  'Stitching the costume by candlelight...',
  'Brewing a pinch of pumpkin magic...',
  'Casting shadows under the full moon...',
  'Sprinkling graveyard glitter...',
  'Asking the bats for a second opinion...',
  'Adding the final eerie touches...',
];

/** Status lines of the video stage (SPEC.md section 9: 7 of them). */
export const VIDEO_STAGE_MESSAGES: readonly string[] = [
  'Waking the portrait from its slumber...',
  'Teaching your pet to haunt in motion...',
  'Rolling the fog machine...',
  'Conjuring flickering candlelight...',
  'Letting the ghosts rehearse their cue...',
  'Cutting the midnight premiere...',
  'Wrapping your spooky movie in cobwebs...',
];

export interface ProgressSnapshot {
  readonly active: boolean;
  readonly stage: ProgressStage;
  readonly message: string;
  /** 0 to WAITING_CEILING_PERCENT, filling over the stage's nominal duration. */
  readonly percent: number;
}

const TICK_MS = 200;

const STAGES: Record<ProgressStage, { nominalMs: number; messages: readonly string[] }> = {
  image: { nominalMs: LIMITS.imageStageNominalMs, messages: IMAGE_STAGE_MESSAGES },
  video: { nominalMs: LIMITS.videoStageNominalMs, messages: VIDEO_STAGE_MESSAGES },
};

/**
 * How full the bar may get while the run's result has not arrived: a full bar says "done", which a
 * run held up (a network drop, a busy platform) is not. The overlay goes when the result comes.
 */
export const WAITING_CEILING_PERCENT = 95;

/**
 * The progress overlay (SPEC.md section 4 "Generation"): the status line changes every 2 s and the
 * bar fills over 15 s for the image, then 25 s for the video, to WAITING_CEILING_PERCENT (SPEC.md's
 * cap is 100%; a full bar would claim a result that has not arrived). It is a nominal schedule:
 * the real run may finish earlier or later.
 */
export class ProgressTimeline extends Store<ProgressSnapshot> {
  private stop?: Cancel;
  private stageStart = 0;

  constructor(private readonly clock: ClockPort) {
    super({ active: false, stage: 'image', message: IMAGE_STAGE_MESSAGES[0] ?? '', percent: 0 });
  }

  /** A timeline of its own on the same clock: one per run when several go at once (the CLI's batch). */
  another(): ProgressTimeline {
    return new ProgressTimeline(this.clock);
  }

  /** Starts from the beginning of a stage: 'image' for a generation, 'video' for Retry Video. */
  start(stage: ProgressStage = 'image'): void {
    this.stop?.();
    this.enter(stage);
    this.stop = this.clock.every(TICK_MS, () => this.tick());
  }

  /** Hides the overlay. */
  finish(): void {
    this.stop?.();
    this.stop = undefined;
    this.update({ active: false });
  }

  private enter(stage: ProgressStage): void {
    this.stageStart = this.clock.now();
    this.update({ active: true, stage, message: STAGES[stage].messages[0] ?? '', percent: 0 });
  }

  private tick(): void {
    const { stage } = this.getSnapshot();
    const { nominalMs, messages } = STAGES[stage];
    const elapsed = this.clock.now() - this.stageStart;
    if (stage === 'image' && elapsed >= nominalMs) {
      this.enter('video');
      return;
    }
    const index = Math.floor(elapsed / LIMITS.progressRotationMs) % messages.length;
    this.update({
      message: messages[index] ?? '',
      percent: Math.round(Math.min(1, elapsed / nominalMs) * WAITING_CEILING_PERCENT),
    });
  }
}
