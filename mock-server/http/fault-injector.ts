import { z } from 'zod';

export const FaultKind = z.enum(['video-fail', 'run-fail', '503', '402', '429', 'slow']);
export type FaultKind = z.infer<typeof FaultKind>;

/** Body of POST /__faults: what the next `count` matching requests do. */
export const FaultRequest = z.object({
  next: FaultKind,
  count: z.number().int().min(1).max(1000).default(1),
  /** Path the fault applies to (default the run route). */
  path: z.string().startsWith('/').max(200).default('/v1/run'),
  /** For 'slow': how long to wait before answering. */
  delayMs: z.number().int().min(0).max(120_000).default(5_000),
});
export type FaultRequest = z.infer<typeof FaultRequest>;

/** Faults armed by tests and demos; off unless the app was built with faults enabled. */
export class FaultInjector {
  private armed: FaultRequest[] = [];

  arm(fault: FaultRequest) {
    this.armed.push({ ...fault });
  }

  clear() {
    this.armed = [];
  }

  list(): readonly FaultRequest[] {
    return this.armed;
  }

  /** Takes one fault for this path among `kinds`, if armed. */
  take(path: string, kinds: readonly FaultKind[]): FaultRequest | undefined {
    const fault = this.armed.find(
      (candidate) => candidate.path === path && kinds.includes(candidate.next),
    );
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.armed = this.armed.filter((candidate) => candidate !== fault);
    return fault;
  }
}
