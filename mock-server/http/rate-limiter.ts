import { rateLimited } from './platform-error';

/** A fixed window per caller: `max` requests per `windowMs` (SPEC.md 9: 60 per 60 s), then 429. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request for `key`; throws RATE_LIMIT_EXCEEDED past the budget. */
  hit(key: string): void {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.max) throw rateLimited(window.resetAt, now);
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
