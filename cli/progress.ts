import cliProgress from 'cli-progress';
import type { ProgressSnapshot } from '../domain/use-cases/progress-timeline';
import type { Output } from './io';

/** Anything that publishes progress the way the app's overlay reads it. */
export interface ProgressSource {
  getSnapshot(): ProgressSnapshot;
  subscribe(listener: () => void): () => void;
}

const STAGE_LABEL = { image: 'Image', video: 'Video' } as const;

/** Only a person at a terminal sees a bar; pipes and --json get clean output. */
export function wantsProgress(stderr: Output, json: boolean | undefined): boolean {
  return !json && Boolean(stderr.isTTY);
}

function bar(stream: Output, format: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar({
    stream: stream as NodeJS.WritableStream,
    format,
    barsize: 24,
    barCompleteChar: '\u2588',
    barIncompleteChar: '\u2591',
    hideCursor: true,
    clearOnComplete: true,
    // Status lines are long; a wrapped line would print a new bar on every redraw.
    linewrap: false,
    fps: 10,
  });
}

/**
 * The generation overlay as a terminal bar: the same status lines and the same nominal fill as
 * the app (progress-timeline use case). Returns the function that removes it.
 */
export function showProgress(source: ProgressSource, stderr: Output, enabled: boolean): () => void {
  if (!enabled) return () => {};
  const progress = bar(stderr, ' {bar} {percentage}% | {stage} | {message}');
  const render = () => {
    const { percent, stage, message } = source.getSnapshot();
    progress.update(percent, { stage: STAGE_LABEL[stage], message });
  };
  const { stage, message } = source.getSnapshot();
  progress.start(100, source.getSnapshot().percent, { stage: STAGE_LABEL[stage], message });
  const unsubscribe = source.subscribe(render);
  return () => {
    unsubscribe();
    progress.stop();
  };
}

export interface BatchProgress {
  /** One combination finished. */
  done(failed: boolean): void;
  /** The status line of a combination in flight. */
  status(message: string): void;
  stop(): void;
}

/** A batch's bar: combinations done out of all, failures so far, and a status line in flight. */
export function showBatchProgress(total: number, stderr: Output, enabled: boolean): BatchProgress {
  if (!enabled) return { done: () => {}, status: () => {}, stop: () => {} };
  const progress = bar(stderr, ' {bar} {value}/{total} done | {failed} failed | {message}');
  let failed = 0;
  let value = 0;
  let message = 'Starting...';
  progress.start(total, 0, { failed, message });
  return {
    done(didFail) {
      value += 1;
      if (didFail) failed += 1;
      progress.update(value, { failed, message });
    },
    status(next) {
      message = next;
      progress.update(value, { failed, message });
    },
    stop: () => progress.stop(),
  };
}
