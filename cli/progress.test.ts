import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMAGE_STAGE_MESSAGES,
  ProgressTimeline,
  VIDEO_STAGE_MESSAGES,
} from '../domain/use-cases/progress-timeline';
import { FakeClock } from '../tests/support/fake-clock';
import { showProgress, wantsProgress } from './progress';

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
  it("draws the app overlay's status lines and fill from the progress timeline", () => {
    // cli-progress throttles redraws on its own timers; the timeline runs on the fake clock.
    vi.useFakeTimers();
    const clock = new FakeClock();
    const timeline = new ProgressTimeline(clock);
    const stderr = terminal();
    timeline.start('image');
    const hide = showProgress(timeline, stderr, true);
    expect(stderr.drawn()).toContain(IMAGE_STAGE_MESSAGES[0]);
    clock.advance(2_200);
    vi.advanceTimersByTime(200);
    expect(stderr.drawn()).toContain(IMAGE_STAGE_MESSAGES[1]);
    expect(stderr.drawn()).toMatch(/1[45]% \| Image/);
    clock.advance(13_000);
    vi.advanceTimersByTime(200);
    expect(stderr.drawn()).toContain(`| Video | ${VIDEO_STAGE_MESSAGES[0]}`);
    hide();
    timeline.finish();
  });

  it('stays off for pipes and for --json', () => {
    expect(wantsProgress({ write: () => true, isTTY: true }, false)).toBe(true);
    expect(wantsProgress({ write: () => true, isTTY: true }, true)).toBe(false);
    expect(wantsProgress({ write: () => true }, false)).toBe(false);
  });
});
