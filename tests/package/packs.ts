// The packed tarballs, built once per test run and shared by the files of tests/package that
// install them (the client's consumer test and the platform's). Files run in parallel: a lock
// folder lets one build while the others wait, and a stamp names the run (its TMPDIR, which
// tests/support/leftovers.global.ts makes per run) that built each, so a later run builds afresh.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packClient } from '../../scripts/pack-client';
import { packPlatform } from '../../scripts/pack-platform';

const packs = path.resolve(import.meta.dirname, '../../packs');
const lock = path.join(packs, '.packing');
/** A lock older than this was left by a run that died while packing. */
const STALE_MS = 10 * 60_000;

async function locked<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(packs, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function once(name: string, pack: () => Promise<string>): () => Promise<string> {
  const stamp = path.join(packs, `.${name}.built-for`);
  const run = process.env.TMPDIR;
  return () =>
    locked(async () => {
      if (run && existsSync(stamp)) {
        const [builtFor, tarball] = readFileSync(stamp, 'utf8').split('\n');
        if (builtFor === run && tarball && existsSync(tarball)) return tarball;
      }
      const tarball = await pack();
      writeFileSync(stamp, `${run ?? ''}\n${tarball}`);
      return tarball;
    });
}

/** `npm run pack:client`'s tarball, built by this run. */
export const packedClient = once('platform-client', () => packClient({ quiet: true }));
/** `npm run pack:platform`'s tarball, built by this run. */
export const packedPlatform = once('platform-server', () => packPlatform({ quiet: true }));
