import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Every test run gets its own temporary folder (TMPDIR, which os.tmpdir() reads and the test
 * workers inherit), and the run fails if a test leaves anything in it. Projects of one vitest
 * run share the folder; the last one to finish checks it.
 *
 * vitest may load this file once per project, so the shared state lives on globalThis: with
 * module-level state the second project made a folder inside the first one's, and whichever
 * project finished first reported the other's folder as a leftover (and removed it under it).
 */
interface CheckedTmpdir {
  users: number;
  folder: string;
  previous: string | undefined;
}

const KEY = Symbol.for('pawloween.tests.checked-tmpdir');
const shared = globalThis as { [KEY]?: CheckedTmpdir };

export default function useCheckedTmpdir(): () => void {
  const state = (shared[KEY] ??= {
    users: 0,
    previous: process.env.TMPDIR,
    folder: mkdtempSync(path.join(tmpdir(), 'pawloween-test-run-')),
  });
  state.users += 1;
  process.env.TMPDIR = state.folder;
  return () => {
    if (--state.users > 0) return;
    delete shared[KEY];
    // tsx keeps its compile cache for child processes in tsx-<uid>: the tool's, not a test's.
    const left = readdirSync(state.folder).filter((entry) => !/^tsx-\d+$/.test(entry));
    rmSync(state.folder, { recursive: true, force: true });
    if (state.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = state.previous;
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0, so fail the run explicitly.
      console.error(`FAIL: tests left ${left.length} temporary entries behind: ${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}
