import { openAccounts } from './accounts';
import { openDatabase } from './database';

/**
 * For tests: an in-memory platform with project p1 (key pk_1, owner credits `ownerCents`) and one
 * Free user, ghost@example.com.
 */
export function seededAccounts(options: { now?: () => number; ownerCents?: number } = {}) {
  const db = openDatabase(':memory:');
  const accounts = openAccounts(db, options.now ?? (() => 1_000));
  accounts.projects.seedProject({
    id: 'p1',
    apiKey: 'pk_1',
    name: 'One',
    isDemo: false,
    ownerCents: options.ownerCents ?? 1_000,
  });
  return { db, accounts, user: accounts.users.signIn('p1', 'ghost@example.com') };
}
