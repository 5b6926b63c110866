import type { ClockPort } from '../ports/clock.port';
import type { LocalStoragePort } from '../ports/storage.port';

/** Where the device keeps the runs that have not reached their owner's gallery yet. */
export const UNSETTLED_RUNS_KEY = 'pawloween-unsettled-runs';

/** A run is readable by its id for 24 hours (README "Money"); older ones are forgotten. */
const KEPT_MS = 24 * 60 * 60_000;

/** A costume run of one user, named by the platform, whose creation is not in the gallery yet. */
export interface UnsettledRun {
  /** Whose run it is (the signed-in user's id): only that user's next sign-in picks it up. */
  readonly user: string;
  readonly runId: string;
  readonly startedAt: number;
  /** Its owner signed out (or was signed out) while it was being made. */
  readonly signedOut?: boolean;
  /** When a tab making it last said it still does (every 2 s): a live tab's run is its own. */
  readonly seenAt?: number;
}

/** How often a tab making a run says so, and after how long without a word the run is left. */
export const LIVE_RUN = { touchMs: 2_000, leftAfterMs: 6_000 } as const;

/**
 * The costume runs of this device whose creation has not reached its owner's gallery: kept from
 * the stream's first event until the item is written for the same user (issue 41). A tab closed
 * mid-run, or a sign-out mid-run, leaves the run here; the owner's next sign-in on this device
 * follows it by id. Holds run ids only, never a creation: another user signing in here sees
 * nothing of it, and the platform answers a run's id to its owner alone.
 */
export class UnsettledRuns {
  constructor(
    private readonly local: LocalStoragePort,
    private readonly clock: ClockPort,
  ) {}

  add(user: string, runId: string): void {
    const others = this.read().filter((run) => run.runId !== runId);
    this.write([...others, { user, runId, startedAt: this.clock.now() }]);
  }

  /** A tab making this run says it still does. */
  touch(runId: string): void {
    const now = this.clock.now();
    this.write(this.read().map((run) => (run.runId === runId ? { ...run, seenAt: now } : run)));
  }

  /** This user signed out (here or in another tab): each of their runs says so when picked up. */
  signedOut(user: string): void {
    const runs = this.read();
    if (runs.some((run) => run.user === user && !run.signedOut))
      this.write(runs.map((run) => (run.user === user ? { ...run, signedOut: true } : run)));
  }

  remove(runId: string): void {
    const runs = this.read();
    const left = runs.filter((run) => run.runId !== runId);
    if (left.length !== runs.length) this.write(left);
  }

  /** This user's runs, oldest first. */
  of(user: string): UnsettledRun[] {
    return this.read().filter((run) => run.user === user);
  }

  /**
   * Whether a tab is making or following this run now (it said so in the last 6 s); false too
   * once the run is settled and gone from the list.
   */
  isLive(runId: string): boolean {
    const run = this.read().find((kept) => kept.runId === runId);
    const seen = run?.seenAt ?? -Infinity;
    const now = this.clock.now();
    // A stamp ahead of now is from before the clock was set back: it says nothing of now.
    return seen > now - LIVE_RUN.leftAfterMs && seen <= now + LIVE_RUN.touchMs;
  }

  has(runId: string): boolean {
    return this.read().some((kept) => kept.runId === runId);
  }

  private read(): UnsettledRun[] {
    try {
      const value = JSON.parse(this.local.getItem(UNSETTLED_RUNS_KEY) ?? '[]') as unknown;
      if (!Array.isArray(value)) return [];
      const oldest = this.clock.now() - KEPT_MS;
      return value.filter(
        (run: Partial<UnsettledRun> | null): run is UnsettledRun =>
          typeof run?.user === 'string' &&
          typeof run.runId === 'string' &&
          typeof run.startedAt === 'number' &&
          run.startedAt > oldest,
      );
    } catch {
      return [];
    }
  }

  private write(runs: readonly UnsettledRun[]): void {
    if (runs.length === 0) this.local.removeItem(UNSETTLED_RUNS_KEY);
    else this.local.setItem(UNSETTLED_RUNS_KEY, JSON.stringify(runs));
  }
}
