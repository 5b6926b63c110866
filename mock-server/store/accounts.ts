import { CreditsLedger } from './credits-ledger';
import type { Db } from './database';
import { PrincipalCache } from './principal-cache';
import { ProjectsStore } from './projects-store';
import { RunsJournal } from './runs-journal';
import { UsersStore } from './users-store';

/** Projects, users, credits and runs: one store per job, over one database and one principal cache. */
export interface Accounts {
  projects: ProjectsStore;
  users: UsersStore;
  credits: CreditsLedger;
  runs: RunsJournal;
}

export function openAccounts(db: Db, now: () => number): Accounts {
  // Shared: every store that writes users or projects forgets what it changed here.
  const principals = new PrincipalCache();
  const credits = new CreditsLedger(db, now, principals);
  return {
    projects: new ProjectsStore(db, now, principals),
    users: new UsersStore(db, now, principals),
    credits,
    runs: new RunsJournal(db, now, credits),
  };
}
