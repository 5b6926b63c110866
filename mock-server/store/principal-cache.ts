import type { SignedInRows } from './account-rows';

/**
 * Users with their project, kept between requests. Every store that writes users or projects
 * shares this cache and forgets what it changes, so an entry is never stale.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, SignedInRows>();

  get(userId: string): SignedInRows | undefined {
    return this.entries.get(userId);
  }

  set(userId: string, rows: SignedInRows): void {
    this.entries.set(userId, rows);
  }

  /** A user row changed. */
  forgetUser(userId: string): void {
    this.entries.delete(userId);
  }

  /** A project row changed: it is shared by all its users' entries. */
  forgetAll(): void {
    this.entries.clear();
  }
}
