import type { Cancel } from './clock.port';

/**
 * Whether the device is online, for a run lost with the network (issue 31): it is sent again,
 * with its Idempotency-Key, when the network returns. A driver without one (the CLI, tests) lets
 * a lost run end in its error cards.
 */
export interface ConnectivityPort {
  isOnline(): boolean;
  /** Calls fn once the device is online again. */
  whenOnline(fn: () => void): Cancel;
}
