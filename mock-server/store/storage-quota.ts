import { PlatformError } from '../http/platform-error';
import type { Db } from './database';

/** Bytes of stored JSON all users of one project may keep together, when STORAGE_QUOTA_MB is not set. */
export const DEFAULT_PROJECT_STORAGE_BYTES = 256 * 1024 * 1024;
/** Bytes of stored JSON one user may keep, when USER_STORAGE_QUOTA_MB is not set. */
export const DEFAULT_USER_STORAGE_BYTES = 1024 * 1024;

/**
 * Storage quotas: each user's own, and the project's as a ceiling over all its users together.
 * A user's quota is what a person's gallery and profile need; accounts are free to make, so the
 * sign-up brake per client (new accounts per hour) bounds how much of the ceiling one client can
 * take, and the ceiling keeps the disk safe whatever else happens. Counted in memory from the
 * database at start, and kept by each write: a write is reserved before it is queued and given
 * back if it does not land.
 */
export class StorageQuota {
  private readonly used = new Map<string, number>();

  constructor(
    db: Db,
    readonly limitBytes: number,
    readonly userLimitBytes: number = DEFAULT_USER_STORAGE_BYTES,
  ) {
    const rows = db
      .prepare(
        `SELECT u.project_id AS project, SUM(LENGTH(CAST(s.data AS BLOB))) AS bytes
           FROM storage s JOIN users u ON u.id = s.user_id GROUP BY u.project_id`,
      )
      .all() as { project: string; bytes: number | null }[];
    for (const row of rows) this.used.set(row.project, row.bytes ?? 0);
  }

  /** Bytes the project's users keep now. */
  usedBy(projectId: string): number {
    return this.used.get(projectId) ?? 0;
  }

  /** Each user's size as the writes on their way will leave it, until they have all landed. */
  private readonly inFlight = new Map<string, { bytes: number; writes: number }>();

  /**
   * Reserves the change of a user's stored object from `beforeBytes` (its UTF-8 size as last
   * committed) to `afterBytes`: throws 507 STORAGE_QUOTA_EXCEEDED when it would grow the user's
   * object past their quota or the project past its ceiling (a write that shrinks or keeps the
   * size always passes). Answers the function to call once the write is settled, with whether it
   * landed.
   */
  reserve(
    projectId: string,
    userId: string,
    beforeBytes: number,
    afterBytes: number,
  ): (landed: boolean) => void {
    const pending = this.inFlight.get(userId);
    const delta = afterBytes - (pending?.bytes ?? beforeBytes);
    const used = this.usedBy(projectId);
    if (delta > 0 && afterBytes > this.userLimitBytes)
      throw new PlatformError(
        507,
        'STORAGE_QUOTA_EXCEEDED',
        `Your storage is full (this write needs ${mb(afterBytes)} of your ${mb(this.userLimitBytes)}): it was not saved here. Delete creations to make room.`,
        { usedBytes: afterBytes - delta, quotaBytes: this.userLimitBytes },
      );
    if (delta > 0 && used + delta > this.limitBytes)
      throw new PlatformError(
        507,
        'STORAGE_QUOTA_EXCEEDED',
        `This project's storage is full (${mb(used)} of ${mb(this.limitBytes)} used by all its users): your data was not saved here. Delete creations to make room, or ask the operator to raise STORAGE_QUOTA_MB.`,
        { usedBytes: used, quotaBytes: this.limitBytes },
      );
    this.used.set(projectId, used + delta);
    this.inFlight.set(userId, { bytes: afterBytes, writes: (pending?.writes ?? 0) + 1 });
    let settled = false;
    return (landed) => {
      if (settled) return;
      settled = true;
      const entry = this.inFlight.get(userId);
      if (!landed) {
        this.used.set(projectId, this.usedBy(projectId) - delta);
        if (entry) entry.bytes -= delta;
      }
      if (entry && --entry.writes === 0) this.inFlight.delete(userId);
    };
  }
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
