import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The installed entry, `pawloween`, as a person's shell starts it. */
export const BIN = fileURLToPath(new URL('../bin.mjs', import.meta.url));

/** Starts `node cli/bin.mjs ...args` with only `env` (plus PATH and HOME) as its environment. */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string | undefined>,
  options: SpawnOptions = {},
): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env },
    ...options,
  });
}

/** Collects a finished process's exit code and output. */
export function finished(
  child: ChildProcess,
): Promise<{ code: number | null; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
  });
}
