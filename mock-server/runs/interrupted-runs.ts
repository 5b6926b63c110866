import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RunsJournal } from '../store/runs-journal';

/**
 * At start-up: the costume runs a crash or a kill cut off (charged, never answered) are refunded,
 * and what they left on disk goes: the whole run folder when the caller got nothing, the partial
 * and video files (keeping the delivered image) when its streamed image had reached the caller.
 * Answers how many were settled.
 */
export async function settleInterruptedRuns(
  journal: RunsJournal,
  filesDir: string,
): Promise<number> {
  const runs = journal.settleInterruptedRuns();
  for (const run of runs) {
    const folder = path.join(filesDir, run.id);
    if (!run.imageDelivered) {
      await rm(folder, { recursive: true, force: true });
      continue;
    }
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names)
      if (!name.endsWith('.png')) await rm(path.join(folder, name), { force: true });
  }
  return runs.length;
}
