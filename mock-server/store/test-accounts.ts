import { AccountsStore } from './accounts-store';
import { openDatabase } from './database';

/**
 * For tests: an in-memory platform with project p1 (key pk_1, owner credits `ownerCents`) and one
 * Free user, ghost@example.com.
 */
export function seededAccounts(options: { now?: () => number; ownerCents?: number } = {}) {
  const db = openDatabase(':memory:');
  const accounts = new AccountsStore(db, options.now ?? (() => 1_000));
  accounts.seedProject({
    id: 'p1',
    apiKey: 'pk_1',
    name: 'One',
    isDemo: false,
    ownerCents: options.ownerCents ?? 1_000,
  });
  return { db, accounts, user: accounts.signIn('p1', 'ghost@example.com') };
}
