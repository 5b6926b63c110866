import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { CHROMIUM_PATH } from './paths';

/** What ensureChromium needs from the machine; tests give it a pretend one. */
export interface Machine {
  has(file: string): boolean;
  isRoot(): boolean;
  /** Runs a command with its output on our stderr; true when it exited 0. */
  run(command: string, args: readonly string[]): boolean;
  say(line: string): void;
}

const APT_GET = '/usr/bin/apt-get';

export const thisMachine: Machine = {
  has(file) {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  isRoot: () => process.getuid?.() === 0,
  run(command, args) {
    const result = spawnSync(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return result.status === 0;
  },
  say: (line) => process.stderr.write(`${line}\n`),
};

/**
 * The browser journeys drive Debian's chromium. On a fresh Debian machine run as root (as CI and a
 * newcomer's container are), `npm test` installs it the way .ci/run does, so README's two commands
 * are the whole set-up; anywhere else it says what to run.
 */
export function ensureChromium(machine: Machine = thisMachine): void {
  if (machine.has(CHROMIUM_PATH)) return;
  if (machine.isRoot() && machine.has(APT_GET)) {
    machine.say(
      "The browser tests need Debian's chromium: installing it (apt-get install -y chromium)...",
    );
    const installed =
      machine.run(APT_GET, ['update', '-qq']) &&
      machine.run(APT_GET, ['install', '-y', '-qq', 'chromium']);
    if (installed && machine.has(CHROMIUM_PATH)) return;
  }
  throw new Error(
    `The browser tests need Debian's chromium at ${CHROMIUM_PATH}, which is missing.\n` +
      'Install it as root with:\n  apt-get update && apt-get install -y chromium\n' +
      '(npm test does this by itself when run as root on Debian; .ci/run too.)',
  );
}
