import type { InputMode } from '../model/generation';
import type { InputSides } from '../use-cases/creation';

/** A run that was sent and has not settled: what a reload needs to pick it up (issue 31). */
export interface PendingRun {
  /** The run's Idempotency-Key: sent again, the platform answers the same run, charged once. */
  readonly key: string;
  readonly mode: InputMode;
  /** What each side held: a preset id or an upload as its downsized data URL. */
  readonly inputs: InputSides;
  readonly startedAt: number;
  /** The run's id once the platform named it: a reload follows the run by it (issue 41). */
  readonly runId?: string;
}

/**
 * Keeps the pending run on the device (the browser's sessionStorage), so a reload mid-run sends
 * it again with the same key. `save` answers false when the device could not keep the inputs
 * (too large); the key is then kept alone so the page can say what happened.
 */
export interface PendingRunPort {
  save(run: PendingRun): boolean;
  load(): PendingRun | { readonly key: string; readonly startedAt: number } | undefined;
  clear(): void;
}
