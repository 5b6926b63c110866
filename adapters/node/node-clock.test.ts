import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeClock } from './node-clock';

describe('NodeClock', () => {
  afterEach(() => vi.useRealTimers());

  it('fires after and every, and cancels', () => {
    vi.useFakeTimers();
    const clock = new NodeClock();
    const seen: string[] = [];
    clock.after(100, () => seen.push('after'));
    const stop = clock.every(50, () => seen.push('every'));
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(200);
    expect(seen.sort()).toEqual(['after', 'every', 'every']);
    expect(clock.now()).toBe(Date.now());
  });
});
