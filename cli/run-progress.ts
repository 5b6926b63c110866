import { IMAGE_STAGE_MESSAGES, VIDEO_STAGE_MESSAGES } from '../domain/use-cases/progress-timeline';
import { LIMITS } from '../domain/model/constants';
import { Store } from '../domain/use-cases/store';

/** Where a costume run is, as the platform's stream tells it (not a nominal schedule). */
export type RunStage = 'starting' | 'image' | 'video' | 'saving' | 'done';

export interface RunProgressSnapshot {
  readonly stage: RunStage;
  /** When the current stage began (ms, the clock's). */
  readonly since: number;
  /** Share of the work done: it moves only when the run does. */
  readonly percent: number;
}

/** Fixed marks per stage: the image is about half the run, the video most of the rest. */
const PERCENT: Record<RunStage, number> = {
  starting: 0,
  image: 0,
  video: 50,
  saving: 90,
  done: 100,
};

const LABEL: Record<RunStage, string> = {
  starting: 'Starting',
  image: 'Image',
  video: 'Video',
  saving: 'Saving',
  done: 'Done',
};

/** The run's stages: image (sent, waiting), video (image arrived), saving (files), done. */
export class RunProgress extends Store<RunProgressSnapshot> {
  constructor(private readonly now: () => number = Date.now) {
    super({ stage: 'starting', since: now(), percent: 0 });
  }

  enter(stage: RunStage): void {
    if (this.getSnapshot().stage === stage) return;
    this.update({ stage, since: this.now(), percent: PERCENT[stage] });
  }

  /** The bar's text: stage, time in it, and the app's status line for that stage. */
  describe(): { label: string; elapsed: string; message: string } {
    const { stage, since } = this.getSnapshot();
    const ms = Math.max(0, this.now() - since);
    const seconds = Math.floor(ms / 1000);
    const messages = stage === 'video' ? VIDEO_STAGE_MESSAGES : IMAGE_STAGE_MESSAGES;
    const rotation = Math.floor(ms / LIMITS.progressRotationMs) % messages.length;
    const fixed: Partial<Record<RunStage, string>> = {
      starting: 'Checking your inputs and sign-in...',
      saving: 'Writing the files...',
      done: 'Done.',
    };
    const message = fixed[stage] ?? messages[rotation] ?? '';
    return {
      label: LABEL[stage],
      elapsed: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
      message,
    };
  }
}
