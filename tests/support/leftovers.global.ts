import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Every test run gets its own temporary folder (TMPDIR, which os.tmpdir() reads and the test
 * workers inherit), and the run fails if a test leaves anything in it. Projects of one vitest
 * run share the folder; the last one to finish checks it.
 */
let users = 0;
let folder: string | undefined;
let previous: string | undefined;

export default function useCheckedTmpdir(): () => void {
  if (users++ === 0) {
    previous = process.env.TMPDIR;
    folder = mkdtempSync(path.join(tmpdir(), 'pawloween-test-run-'));
    process.env.TMPDIR = folder;
  }
  return () => {
    if (--users > 0 || !folder) return;
    // tsx keeps its compile cache for child processes in tsx-<uid>: the tool's, not a test's.
    const left = readdirSync(folder).filter((entry) => !/^tsx-\d+$/.test(entry));
    rmSync(folder, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0, so fail the run explicitly.
      console.error(`FAIL: tests left ${left.length} temporary entries behind: ${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}
