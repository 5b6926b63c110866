import type { Cancel, ClockPort } from '../../domain/ports/clock.port';

/**
 * Time from Node's timers. They are unref'd: a background sweep (the 10 s token expiry check)
 * must not keep a finished CLI command alive.
 */
export class NodeClock implements ClockPort {
  now(): number {
    return Date.now();
  }

  after(ms: number, fn: () => void): Cancel {
    const timer = setTimeout(fn, ms).unref();
    return () => clearTimeout(timer);
  }

  every(ms: number, fn: () => void): Cancel {
    const timer = setInterval(fn, ms).unref();
    return () => clearInterval(timer);
  }
}
