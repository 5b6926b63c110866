import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One browser-suite run per working tree at a time: each run rebuilds dist/ and a second run's
 * build would pull the bundles from under the first one's server. mkdir is atomic; a lock whose
 * owner died is taken over.
 */
export async function acquireRunLock(root: string, timeoutMs = 15 * 60_000): Promise<() => void> {
  const lock = path.join(root, 'node_modules', '.cache', 'pawloween-e2e.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (let announced = false; ;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // Being created or just released: look again in a moment.
      }
      if (owner && !alive(owner)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`Another browser-suite run (pid ${owner}) holds ${lock}`);
      if (!announced)
        console.log(`Waiting for another browser-suite run (pid ${owner}) to finish…`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
