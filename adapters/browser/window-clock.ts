import type { Cancel, ClockPort } from '../../domain/ports/clock.port';

/** Time from the browser's own timers. */
export class WindowClock implements ClockPort {
  now(): number {
    return Date.now();
  }

  after(ms: number, fn: () => void): Cancel {
    const id = globalThis.setTimeout(fn, ms);
    return () => globalThis.clearTimeout(id);
  }

  every(ms: number, fn: () => void): Cancel {
    const id = globalThis.setInterval(fn, ms);
    return () => globalThis.clearInterval(id);
  }
}
