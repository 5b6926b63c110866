import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR naming the platform process that uses it. */
export const LOCK_FILE = 'platform.lock';

/**
 * A process as it was when it started: its pid, and on Linux its start time (/proc/<pid>/stat, in
 * clock ticks since boot), so a pid the system has since given to another program is not it.
 */
export type ProcessIdentity = string;

function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** A running process's identity; this process's is written in the lock and beside each run it charges. */
export const identityOf = (pid: number): ProcessIdentity => `${pid}@${startTime(pid) ?? ''}`;

export const currentProcess = (): ProcessIdentity => identityOf(process.pid);

/** Whether the process is still running (the same one, not a later one given its pid). */
export function isRunning(identity: ProcessIdentity): boolean {
  const [pidText, started] = identity.split('@');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(pid);
  return !started || now === undefined || now === started;
}

/** Another platform process uses the data folder: two would refund and delete each other's runs. */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Pawloween platform (process ${pid}). ` +
        'Stop that one, or start this one with another DATA_DIR: two platforms on one folder ' +
        "would refund and remove each other's runs.",
    );
  }
}

/**
 * Takes the data folder for this process (issue 41: one data folder, one platform): the lock file
 * is made with O_EXCL, so of two starting at once one gets it. A lock whose process is gone (a
 * crash, a kill) is moved aside under a name of this process's own and checked to be the one read
 * before this process takes the folder; one that turns out to be fresh is put back.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  const lock = path.join(dataDir, LOCK_FILE);
  const me = currentProcess();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, me);
      closeSync(fd);
      return {
        release: () => {
          if (readLock(lock) === me) rmSync(lock, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(lock);
    if (holder === undefined) continue;
    if (isRunning(holder)) throw new DataDirInUseError(dataDir, Number(holder.split('@')[0]));
    const aside = `${lock}.stale-${process.pid}`;
    try {
      renameSync(lock, aside);
    } catch {
      continue;
    }
    if (readLock(aside) !== holder) linkBack(aside, lock);
    rmSync(aside, { force: true });
  }
  throw new Error(`Could not take the data folder ${dataDir}: its lock file keeps changing.`);
}

function readLock(file: string): ProcessIdentity | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Puts back a lock moved aside by mistake, unless another process took the folder since. */
function linkBack(aside: string, lock: string): void {
  try {
    linkSync(aside, lock);
  } catch {
    // Taken since: that process holds it.
  }
}
