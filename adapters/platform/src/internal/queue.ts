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
 * and 60 started in any 60000 ms window (a sliding window, not per fixed window). A slot is held
 * until released, so a stream keeps its slot for as long as it is read. Its own few lines rather
 * than p-queue: that, with eventemitter3 and p-timeout, was a quarter of the client's bundle.
 */
export class RequestQueue {
  readonly #concurrency: number;
  readonly #intervalCap: number;
  readonly #interval: number;
  readonly #waiting: (() => void)[] = [];
  /** When each of the latest starts happened (epoch ms), while a cap per interval applies. */
  readonly #starts: number[] = [];
  #active = 0;
  #paused = false;
  #windowTimer: ReturnType<typeof setTimeout> | undefined;
  #resumeAt = 0;
  #resumeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(limits: QueueLimits = {}) {
    this.#concurrency = limits.concurrency ?? CLIENT_DEFAULTS.queueConcurrency;
    this.#intervalCap = limits.intervalCap ?? CLIENT_DEFAULTS.queueIntervalCap;
    this.#interval = limits.interval ?? CLIENT_DEFAULTS.queueIntervalMs;
  }

  /** Waits for a free slot (leaving the line if signal aborts) and resolves with its release. */
  acquire(signal?: AbortSignal): Promise<Release> {
    return new Promise<Release>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const start = () => {
        signal?.removeEventListener('abort', leave);
        this.#active++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.#active--;
          this.#next();
        });
      };
      // Aborted while waiting: out of the line, never started.
      const leave = () => {
        this.#waiting.splice(this.#waiting.indexOf(start), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.#waiting.push(start);
      this.#next();
    });
  }

  /** Starts waiting calls while a slot is free and the window allows; else waits for the window to move on. */
  #next(): void {
    while (!this.#paused && this.#waiting.length > 0 && this.#active < this.#concurrency) {
      if (Number.isFinite(this.#intervalCap)) {
        const now = Date.now();
        while (this.#starts.length > 0 && this.#starts[0]! <= now - this.#interval)
          this.#starts.shift();
        if (this.#starts.length >= this.#intervalCap) {
          if (this.#windowTimer === undefined)
            this.#windowTimer = setTimeout(
              () => {
                this.#windowTimer = undefined;
                this.#next();
              },
              this.#starts[0]! + this.#interval - now,
            );
          return;
        }
        this.#starts.push(now);
      }
      this.#waiting.shift()!();
    }
  }

  /** A long 429 stops every call of this client until the platform's reset time (epoch ms). */
  pauseUntil(time: number): void {
    if (time <= this.#resumeAt) return;
    this.#resumeAt = time;
    this.#paused = true;
    this.#scheduleResume();
  }

  // setTimeout fires at once for delays past 2^31-1 ms (about 24.8 days): wait in steps until the reset.
  #scheduleResume(): void {
    clearTimeout(this.#resumeTimer);
    const wait = this.#resumeAt - Date.now();
    if (wait <= 0) {
      this.#resumeAt = 0;
      this.#paused = false;
      this.#next();
      return;
    }
    this.#resumeTimer = setTimeout(() => this.#scheduleResume(), Math.min(wait, MAX_TIMER_MS));
  }

  get isPaused(): boolean {
    return this.#paused;
  }

  /** Calls waiting for a slot. */
  get size(): number {
    return this.#waiting.length;
  }

  /** Slots in use. */
  get pending(): number {
    return this.#active;
  }
}
