import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_STAGE_MESSAGES } from '../domain/use-cases/progress-timeline';
import { showRunProgress, wantsProgress } from './progress';
import { RunProgress } from './run-progress';

/** A terminal that keeps what was drawn. */
function terminal() {
  let drawn = '';
  return {
    isTTY: true,
    columns: 120,
    write: (text: string) => {
      drawn += text;
      return true;
    },
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
    on: () => undefined,
    removeListener: () => undefined,
    drawn: () => drawn,
  };
}

afterEach(() => vi.useRealTimers());

describe('the progress bar', () => {
  it('moves only when the run does: image, then video, then the files', () => {
    vi.useFakeTimers();
    let now = 0;
    const run = new RunProgress(() => now);
    const stderr = terminal();
    const shown = showRunProgress(run, stderr, true);
    run.enter('image');
    // However long the image takes, the bar waits for it: no nominal 15 s schedule.
    now = 40_000;
    vi.advanceTimersByTime(1_000);
    expect(stderr.drawn()).toMatch(/ 0% \| Image 0:40 \| /);
    expect(stderr.drawn()).not.toMatch(/[1-9]\d*% \| Image/);
    run.enter('video');
    vi.advanceTimersByTime(200);
    expect(stderr.drawn()).toContain(`50% | Video 0:00 | ${VIDEO_STAGE_MESSAGES[0]}`);
    now += 2_100;
    vi.advanceTimersByTime(1_000);
    expect(stderr.drawn()).toContain(`| Video 0:02 | ${VIDEO_STAGE_MESSAGES[1]}`);
    run.enter('saving');
    run.enter('done');
    vi.advanceTimersByTime(200);
    shown.stop();
    // The terminal gets its cursor and line wrap back.
    expect(stderr.drawn()).toContain('\u001b[?25h');
    expect(stderr.drawn()).toContain('\u001b[?7h');
  });

  it('stays off for pipes and for --json', () => {
    expect(wantsProgress({ write: () => true, isTTY: true }, false)).toBe(true);
    expect(wantsProgress({ write: () => true, isTTY: true }, true)).toBe(false);
    expect(wantsProgress({ write: () => true }, false)).toBe(false);
  });
});
