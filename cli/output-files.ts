import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from './cli-error';

/**
 * Checks, before anything is spent, that files can be written into `dir` (made if missing): not a
 * file, not read-only, not someone else's. A probe file is the only test that holds for root too.
 */
export async function prepareOutDir(dir: string, option = '--out'): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info && !info.isDirectory())
    throw usageError(`${option} ${dir} is a file, not a folder.`, [
      `Give a folder to save into (it is made if missing), for example ${option} ./costumes.`,
    ]);
  try {
    await makeFolder(dir);
    const probe = path.join(dir, `.pawloween-write-check-${randomBytes(4).toString('hex')}`);
    await (await open(probe, 'wx')).close();
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(`Cannot write into ${option} ${dir} (${code}).`, [
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'You may not write there: pick a folder of your own.'
        : code === 'ENOTDIR'
          ? 'A part of that path is a file.'
          : code === 'ENOENT'
            ? 'That place cannot hold files (a system folder such as /proc): pick a folder of your own.'
            : 'Pick another folder.',
    ]);
  }
}

/**
 * mkdir -p, one folder at a time from the deepest that exists. Node's recursive mkdir never
 * settles where the parent exists but refuses new entries with ENOENT (/proc/x): it tries again
 * for ever, and the command hung without a word.
 */
async function makeFolder(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!(await stat(at).catch(() => undefined))) {
    missing.unshift(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing)
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      // Made meanwhile by someone else: fine, if it is a folder (the probe tells).
      if (error.code !== 'EEXIST') throw error;
    });
}

/** The name a file is written under until it is complete; dot-first, so listings skip it. */
export function partialName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
}

/** Partial files being written now, so an exit at once (a second Ctrl-C) can still remove them. */
const partials = new Set<string>();

/** Removes every partial file still on disk, synchronously: for the last moment before exit. */
export function removePartialsNow(): void {
  for (const file of partials) rmSync(file, { force: true });
  partials.clear();
}

/** Writes bytes under a partial name (kept track of) and answers that name. */
export async function writePartial(file: string, bytes: Uint8Array): Promise<string> {
  const temporary = partialName(file);
  partials.add(temporary);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    return temporary;
  } catch (error) {
    await dropPartial(temporary);
    throw error;
  }
}

/** Puts a whole partial file in place under its final name. */
export async function finishPartial(temporary: string, file: string): Promise<void> {
  try {
    await rename(temporary, file);
    partials.delete(temporary);
  } catch (error) {
    await dropPartial(temporary);
    throw error;
  }
}

export async function dropPartial(temporary: string): Promise<void> {
  await rm(temporary, { force: true });
  partials.delete(temporary);
}

/**
 * Writes the whole file under a temporary name and renames it into place: an interrupted or
 * failed write never leaves a half file under the final name, and removes its temporary one.
 */
export async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  await finishPartial(await writePartial(file, bytes), file);
}
