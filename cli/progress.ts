import cliProgress from 'cli-progress';
import type { Output } from './output';
import type { RunProgress } from './run-progress';

/** Only a person at a terminal sees a bar; pipes and --json get clean output. */
export function wantsProgress(stderr: Output, json: boolean | undefined): boolean {
  return !json && Boolean(stderr.isTTY);
}

/** Streams whose cursor and line wrap a bar took away; restoreTerminal gives them back. */
const touched = new Set<Output>();

/**
 * Shows the cursor and turns line wrap back on where a bar hid them: for the last moment before
 * the process ends, however it ends (a bar stops itself on the normal paths).
 */
export function restoreTerminal(stream: Output): void {
  if (!touched.delete(stream)) return;
  stream.write('\u001b[?25h\u001b[?7h');
}

function bar(stream: Output, format: string): cliProgress.SingleBar {
  touched.add(stream);
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

/** A bar on screen; stop() removes it and gives the terminal back its cursor and line wrap. */
export interface ShownProgress {
  stop(): void;
}

/**
 * A costume run as a terminal bar that moves only when the run does (stream events: image, then
 * video, then the files), with the time spent in the stage and the app's status lines.
 */
export function showRunProgress(
  source: RunProgress,
  stderr: Output,
  enabled: boolean,
): ShownProgress {
  if (!enabled) return { stop: () => {} };
  const progress = bar(stderr, ' {bar} {percentage}% | {label} {elapsed} | {message}');
  const render = () => progress.update(source.getSnapshot().percent, source.describe());
  progress.start(100, source.getSnapshot().percent, source.describe());
  const unsubscribe = source.subscribe(render);
  // The elapsed time and status line change between events.
  const ticker = setInterval(render, 1000);
  ticker.unref();
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(ticker);
      unsubscribe();
      progress.stop();
    },
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
