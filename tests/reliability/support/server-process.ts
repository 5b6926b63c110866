import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Every server process started here that has not exited yet, stopped or still starting. */
const started = new Set<ChildProcess>();

/**
 * Kills every server process this file started that is still running, and waits for them to exit.
 * A file's afterAll calls it before removing the data folders: a test that timed out while a
 * server was still starting never got its ServerProcess, and the orphan kept writing there.
 */
export async function stopStartedServers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The last lines the server wrote, for failure messages. */
  output: () => string;
  /** Ends the process with signal and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts the real local platform (`node --import tsx mock-server/server.ts`) on loopback and waits for /healthz. */
export async function startServer(
  dataDir: string,
  port: number,
  timeoutMs = 60_000,
  env: Record<string, string> = {},
  /** A lower limit on the process's open files (`ulimit -n`), to meet it without using up the machine's. */
  openFiles?: number,
): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const node = [process.execPath, '--import', 'tsx', 'mock-server/server.ts'];
  const [command, ...args] =
    openFiles === undefined
      ? node
      : ['sh', '-c', `ulimit -n ${Math.floor(openFiles)} && exec "$@"`, 'sh', ...node];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 50) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  started.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      started.delete(child);
      resolve();
    }),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited before answering:\n${lines.join('')}`);
    const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${lines.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, baseUrl, output: () => lines.join(''), stop };
}
