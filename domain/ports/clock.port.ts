/** Stops a scheduled callback; calling it twice is harmless. */
export type Cancel = () => void;

/** Time for the domain: every timing rule of SPEC.md goes through here so tests can fake it. */
export const ClockPort = Symbol('ClockPort');
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls fn once after ms milliseconds. */
  after(ms: number, fn: () => void): Cancel;
  /** Calls fn every ms milliseconds until cancelled. */
  every(ms: number, fn: () => void): Cancel;
}
