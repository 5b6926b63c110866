import { z } from 'zod';
import { LIMITS } from './constants';

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

const ProfileShape = z.object({ displayName: z.string(), avatarUrl: z.string() });

/** True for a stored profile; anything else is corrupted. */
export function isUserProfile(value: unknown): value is UserProfile {
  return ProfileShape.safeParse(value).success;
}

export const EMPTY_PROFILE: UserProfile = { displayName: '', avatarUrl: '' };

// Unicode general category Cc: C0 and C1 control characters, DEL included.
const CONTROL = /\p{Cc}/u;

/** DESIGN.md: trimmed, 1 to 50 characters, no control characters. Undefined when valid. */
export function displayNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Display name cannot be empty.';
  if ([...trimmed].length > LIMITS.displayNameMaxLength) {
    return `Display name must be at most ${LIMITS.displayNameMaxLength} characters.`;
  }
  if (CONTROL.test(trimmed)) return 'Display name cannot contain control characters.';
  return undefined;
}
