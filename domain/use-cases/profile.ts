import {
  EMPTY_PROFILE,
  defaultDisplayName,
  displayNameProblem,
  needsDefaultName,
  type UserProfile,
} from '../model/profile';
import { LIMITS } from '../model/constants';
import type { User } from '../model/user';
import type { ClockPort } from '../ports/clock.port';
import type { StorageSync, SyncStatus } from './storage-sync';
import { Store } from './store';

export interface ProfileSnapshot {
  /** What the header and settings show: stored values, with the token's avatar as fallback. */
  readonly profile: UserProfile;
  readonly syncStatus: SyncStatus;
  /** Set while the device refuses to keep the profile (its storage is full): the account still has it. */
  readonly storageWarning?: string;
}

export type SaveOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** Who is signed in, as far as the profile needs to know. */
export interface ProfileUser {
  getSnapshot(): { readonly user?: User };
  subscribe(listener: () => void): () => void;
}

/** The user profile under 'user-profile' (SPEC.md section 3), with Account Settings' save. */
export class Profile extends Store<ProfileSnapshot> {
  /** When the platform was last read on coming back to the tab (clock time), for the throttle. */
  private readAt = Number.NEGATIVE_INFINITY;
  /** Set while another tab's copy is taken (see takeDeviceCopy). */
  private fromDevice = false;

  constructor(
    private readonly storage: StorageSync<UserProfile>,
    private readonly session: ProfileUser,
    private readonly clock?: ClockPort,
  ) {
    super({ profile: EMPTY_PROFILE, syncStatus: storage.getSnapshot().status });
    storage.subscribe(() => this.refresh());
    session.subscribe(() => this.refresh());
    this.refresh();
  }

  /** Saves Account Settings; the name is trimmed and checked first. */
  async save(changes: { displayName: string; avatarUrl?: string }): Promise<SaveOutcome> {
    const message = displayNameProblem(changes.displayName);
    if (message) return { ok: false, message };
    await this.storage.set((current) => ({
      displayName: changes.displayName.trim(),
      avatarUrl: changes.avatarUrl ?? current.avatarUrl,
    }));
    return { ok: true };
  }

  /**
   * Takes the profile another tab of this app stored on the device (no platform read). That tab
   * owns the write: an empty profile taken (it signed out and removed it) is not re-initialised
   * and written back from here.
   */
  takeDeviceCopy(): void {
    this.fromDevice = true;
    try {
      this.storage.takeDeviceCopy();
    } finally {
      this.fromDevice = false;
    }
  }

  /**
   * The person came back to this tab: re-reads the profile from the platform (another device's
   * Account Settings), at most once per LIMITS.focusRefetchMs and never over a write on its way.
   */
  refreshOnReturn(): Promise<void> {
    const now = this.clock?.now();
    if (now === undefined || now - this.readAt < LIMITS.focusRefetchMs) return Promise.resolve();
    if (this.storage.getSnapshot().status === 'syncing') return Promise.resolve();
    this.readAt = now;
    return this.storage.load();
  }

  private refresh(): void {
    const { value, status, warning } = this.storage.getSnapshot();
    const user = this.session.getSnapshot().user;
    // Re-initialise an empty or 'User' name once the stored copy has settled, never mid-sync nor
    // after a failed read: a write then would win over the user's real remote profile (and on a
    // platform that never answers, kept the CLI waiting on it as long again).
    const settled = status !== 'syncing' && status !== 'error';
    if (user && !this.fromDevice && settled && needsDefaultName(value.displayName)) {
      const displayName = defaultDisplayName(user.email);
      if (displayName !== value.displayName) {
        void this.storage.set({ ...value, displayName });
        return;
      }
    }
    // Unwritten after a failed read, the default name still shows: the header names who is in.
    const shown =
      user && needsDefaultName(value.displayName)
        ? defaultDisplayName(user.email)
        : value.displayName;
    this.update({
      profile: {
        displayName: shown,
        avatarUrl: value.avatarUrl || user?.avatarUrl || '',
      },
      syncStatus: status,
      storageWarning: warning,
    });
  }
}
