import type { Cancel, ClockPort } from '../../domain/ports/clock.port';

interface Timer {
  id: number;
  due: number;
  interval?: number;
  fn: () => void;
}

/** Halloween 2025, noon UTC: a fixed start so tests read the same every day. */
export const FAKE_NOW = Date.UTC(2025, 9, 31, 12, 0, 0);

/** A clock that moves only when a test says so; timers fire in due order. */
export class FakeClock implements ClockPort {
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start = FAKE_NOW) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add({ id: this.nextId++, due: this.current + Math.max(0, ms), fn });
  }

  every(ms: number, fn: () => void): Cancel {
    const interval = Math.max(1, ms);
    return this.add({ id: this.nextId++, due: this.current + interval, interval, fn });
  }

  /** How many timers are waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (let timer = this.nextDue(end); timer; timer = this.nextDue(end)) {
      this.current = timer.due;
      this.fire(timer);
    }
    this.current = end;
  }

  /** Like advance, but lets promises settle after each timer and at the end. */
  async advanceAsync(ms: number): Promise<void> {
    const end = this.current + ms;
    await flush();
    for (let timer = this.nextDue(end); timer; timer = this.nextDue(end)) {
      this.current = timer.due;
      this.fire(timer);
      await flush();
    }
    this.current = end;
    await flush();
  }

  /** Jumps the wall clock without firing timers, as a sleeping laptop does. */
  set(now: number): void {
    this.current = now;
  }

  private add(timer: Timer): Cancel {
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t.id !== timer.id);
    };
  }

  private nextDue(end: number): Timer | undefined {
    const due = this.timers
      .filter((t) => t.due <= end)
      .sort((a, b) => a.due - b.due || a.id - b.id);
    return due[0];
  }

  private fire(timer: Timer): void {
    if (timer.interval === undefined) this.timers = this.timers.filter((t) => t.id !== timer.id);
    else timer.due += timer.interval;
    timer.fn();
  }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
