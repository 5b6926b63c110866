import PQueue from 'p-queue';
import { CLIENT_DEFAULTS } from './defaults';

export interface QueueLimits {
  concurrency?: number;
  intervalCap?: number;
  interval?: number;
}

/** The longest delay setTimeout honours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Gives back a slot taken with `acquire`; calling it twice is harmless. */
export type Release = () => void;

/**
 * The platform's request limits, shared by every call of one client: at most 10 requests at once
 * and 60 started in any 60000 ms window. A slot is held until released, so a stream keeps its slot
 * for as long as it is read.
 */
export class RequestQueue {
  readonly #queue: PQueue;
  #resumeAt = 0;
  #resumeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(limits: QueueLimits = {}) {
    const intervalCap = limits.intervalCap ?? CLIENT_DEFAULTS.queueIntervalCap;
    this.#queue = new PQueue({
      concurrency: limits.concurrency ?? CLIENT_DEFAULTS.queueConcurrency,
      intervalCap,
      interval: limits.interval ?? CLIENT_DEFAULTS.queueIntervalMs,
      // A sliding window: never more than intervalCap starts in any interval, not just per fixed window.
      strict: Number.isFinite(intervalCap),
    });
  }

  /** Waits for a free slot (leaving the line if signal aborts) and resolves with its release. */
  acquire(signal?: AbortSignal): Promise<Release> {
    return new Promise<Release>((resolve, reject) => {
      const task = this.#queue.add(
        () =>
          new Promise<void>((done) => {
            let released = false;
            resolve(() => {
              if (!released) done();
              released = true;
            });
          }),
        { signal },
      );
      task.catch(reject);
    });
  }

  /** A long 429 stops every call of this client until the platform's reset time (epoch ms). */
  pauseUntil(time: number): void {
    if (time <= this.#resumeAt) return;
    this.#resumeAt = time;
    this.#queue.pause();
    this.#scheduleResume();
  }

  // setTimeout fires at once for delays past 2^31-1 ms (about 24.8 days): wait in steps until the reset.
  #scheduleResume(): void {
    clearTimeout(this.#resumeTimer);
    const wait = this.#resumeAt - Date.now();
    if (wait <= 0) {
      this.#resumeAt = 0;
      this.#queue.start();
      return;
    }
    this.#resumeTimer = setTimeout(() => this.#scheduleResume(), Math.min(wait, MAX_TIMER_MS));
  }

  get isPaused(): boolean {
    return this.#queue.isPaused;
  }

  /** Calls waiting for a slot. */
  get size(): number {
    return this.#queue.size;
  }

  /** Slots in use. */
  get pending(): number {
    return this.#queue.pending;
  }
}
