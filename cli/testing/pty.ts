import { spawn } from 'node:child_process';
import { BIN } from './spawn-cli';

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export interface PtySession {
  /** Everything the terminal showed so far, escape codes included. */
  output(): string;
  /** Types into the terminal: '\u0003' is Ctrl-C, which the terminal turns into SIGINT. */
  type(text: string): void;
  /** The command's exit code. */
  readonly exited: Promise<number | null>;
}

/**
 * Runs `pawloween ...args` in a pseudo-terminal through util-linux `script`: stdout and stderr are
 * a real TTY, and Ctrl-C reaches the command the way it does at a person's keyboard.
 * `columns` sets the terminal's width.
 */
export function inPty(
  args: readonly string[],
  env: Record<string, string>,
  options: { columns?: number } = {},
): PtySession {
  const command = ['exec', process.execPath, BIN, ...args].map(quote).join(' ').slice(7);
  // A terminal this many columns wide, as a person's window would be (without: script's own, 0).
  const size = options.columns === undefined ? '' : `stty cols ${options.columns} rows 24; `;
  const child = spawn('script', ['-qefc', `${size}exec ${command}`, '/dev/null'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      TERM: 'xterm',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let shown = '';
  child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  return {
    output: () => shown,
    type: (text) => child.stdin.write(text),
    exited,
  };
}
