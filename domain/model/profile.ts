import type { User } from './user';

/** What the person chose to show of themselves (SPEC.md section 3 "User profile"). */
export interface UserProfile {
  readonly displayName: string;
  /** An inline data URL of the chosen avatar image, or empty. */
  readonly avatarUrl: string;
}

export const FALLBACK_DISPLAY_NAME = 'User';

/** The part of the e-mail before the @, or 'User'. */
export function defaultDisplayName(email: string | undefined): string {
  const local = email?.split('@')[0]?.trim();
  return local ? local : FALLBACK_DISPLAY_NAME;
}

/** A stored name that is empty or 'User' is re-initialised from the e-mail. */
export function needsDefaultName(displayName: string | undefined): boolean {
  return !displayName?.trim() || displayName.trim() === FALLBACK_DISPLAY_NAME;
}

export function defaultProfile(user: User | undefined): UserProfile {
  return { displayName: defaultDisplayName(user?.email), avatarUrl: user?.avatarUrl ?? '' };
}
