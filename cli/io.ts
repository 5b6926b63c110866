import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import { EXIT } from './cli-error';
import { removePartialsNow } from './output-files';
import type { Output } from './output';
import { restoreTerminal } from './progress';

export type { Output } from './output';

/**
 * Everything a command touches outside itself, so tests drive commands through commander's
 * parseAsync with buffers, a temporary config directory and a scripted browser.
 */
export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when a person can answer questions (stdin and stderr are terminals). */
  readonly interactive: boolean;
  /** Asks a yes/no question; false unless the answer starts with y. */
  confirm(question: string): Promise<boolean>;
  /** Opens an address in the browser; false when no browser could be started. */
  openUrl(url: string): Promise<boolean>;
  /** Ends long-running commands (serve, login's wait) when aborted; the process uses its signals. */
  readonly signal?: AbortSignal;
  /** What comes on standard input (a piped token): its first line, or one typed at a terminal. */
  readLine?(prompt: string): Promise<string>;
  /** Calls listener on each Ctrl-C (SIGINT) until the remover is called; meanwhile Ctrl-C does not kill. */
  onInterrupt?(listener: () => void): () => void;
  /** Ends the process now with this code (a second Ctrl-C); whatever is in flight is dropped. */
  exit?(code: number): void;
}

/**
 * A reader that went away (`pawloween presets | head -1`) is not a failure: what is left to print
 * is dropped and the command ends as it would have. Without a listener, EPIPE is thrown with a stack.
 */
export function quietWhenReaderLeaves(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    throw error;
  });
}

/** The real terminal. */
export function processIo(): Io {
  quietWhenReaderLeaves(process.stdout);
  quietWhenReaderLeaves(process.stderr);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    async confirm(question) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
      } finally {
        rl.close();
      }
    },
    openUrl: (url) => openInBrowser(url, process.env),
    readLine: (prompt) => readFirstLine(prompt),
    onInterrupt: (listener) => interrupts.take(listener),
    exit: (code) => process.exit(code),
  };
}

/**
 * Ctrl-C for the whole process. A command that can do better (generate: let a paid run land in
 * the gallery) takes the interrupt while it runs; otherwise the terminal is given back (cursor,
 * line wrap), partial files are removed and the process ends with 130, saying so.
 */
class Interrupts {
  private readonly listeners: (() => void)[] = [];
  private installed = false;

  take(listener: () => void): () => void {
    this.install();
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.lastIndexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  install(): void {
    if (this.installed) return;
    this.installed = true;
    process.on('SIGINT', () => {
      const listener = this.listeners.at(-1);
      if (listener) return listener();
      process.stderr.write('\nInterrupted.\n');
      process.exit(EXIT.interrupted);
    });
    process.on('exit', () => {
      removePartialsNow();
      restoreTerminal(process.stderr);
    });
  }
}

const interrupts = new Interrupts();

/** Installs the process's Ctrl-C policy (see Interrupts); the `pawloween` entry calls it first. */
export function handleInterrupts(): void {
  interrupts.install();
}

/** Longest standard input read for a line (a token is a few hundred bytes). */
const MAX_LINE_BYTES = 64 * 1024;

/** The first line of standard input; at a terminal, after showing prompt on stderr. */
async function readFirstLine(prompt: string): Promise<string> {
  if (process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await rl.question(prompt);
    } finally {
      rl.close();
    }
  }
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end >= 0 || text.length > MAX_LINE_BYTES) {
      process.stdin.destroy();
      return text.slice(0, end >= 0 ? end : MAX_LINE_BYTES);
    }
  }
  return text;
}

/** Starts the desktop's opener; resolves false when there is none (a server, a container, SSH). */
export function openInBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
