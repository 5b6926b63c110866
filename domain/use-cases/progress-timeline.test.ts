import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../tests/support/fake-clock';
import {
  IMAGE_STAGE_MESSAGES,
  ProgressTimeline,
  VIDEO_STAGE_MESSAGES,
  WAITING_CEILING_PERCENT,
} from './progress-timeline';

describe('ProgressTimeline', () => {
  let clock: FakeClock;
  let timeline: ProgressTimeline;

  beforeEach(() => {
    clock = new FakeClock();
    timeline = new ProgressTimeline(clock);
  });

  it('has 8 image and 7 video status lines, all different', () => {
    expect(IMAGE_STAGE_MESSAGES).toHaveLength(8);
    expect(VIDEO_STAGE_MESSAGES).toHaveLength(7);
    expect(new Set([...IMAGE_STAGE_MESSAGES, ...VIDEO_STAGE_MESSAGES]).size).toBe(15);
  });

  it('is inactive until started', () => {
    expect(timeline.getSnapshot().active).toBe(false);
  });

  it('changes the status line every 2 s, not before', () => {
    timeline.start();
    expect(timeline.getSnapshot().message).toBe(IMAGE_STAGE_MESSAGES[0]);
    clock.advance(1_800);
    expect(timeline.getSnapshot().message).toBe(IMAGE_STAGE_MESSAGES[0]);
    clock.advance(200);
    expect(timeline.getSnapshot().message).toBe(IMAGE_STAGE_MESSAGES[1]);
    clock.advance(2_000);
    expect(timeline.getSnapshot().message).toBe(IMAGE_STAGE_MESSAGES[2]);
  });

  it('fills the image bar over a nominal 15 s', () => {
    timeline.start();
    clock.advance(7_400);
    expect(timeline.getSnapshot().percent).toBe(47);
    clock.advance(7_400);
    expect(timeline.getSnapshot()).toMatchObject({ stage: 'image', percent: 94 });
  });

  it('then moves to the video stage, filling over 25 s, and never claims 100% while nothing arrives', () => {
    timeline.start();
    clock.advance(15_000);
    expect(timeline.getSnapshot()).toMatchObject({
      stage: 'video',
      percent: 0,
      message: VIDEO_STAGE_MESSAGES[0],
    });
    clock.advance(12_600);
    expect(timeline.getSnapshot().percent).toBe(48);
    // A 40 s network drop and more: the bar stays short of full until the overlay goes.
    clock.advance(60_000);
    expect(timeline.getSnapshot()).toMatchObject({
      stage: 'video',
      percent: WAITING_CEILING_PERCENT,
    });
    expect(WAITING_CEILING_PERCENT).toBeLessThan(100);
  });

  it('cycles the video status lines past the seventh', () => {
    timeline.start('video');
    clock.advance(7 * 2_000);
    expect(timeline.getSnapshot().message).toBe(VIDEO_STAGE_MESSAGES[0]);
  });

  it('stops on finish', () => {
    timeline.start();
    timeline.finish();
    expect(timeline.getSnapshot().active).toBe(false);
    expect(clock.pending).toBe(0);
  });
});
