import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import type { CliContext } from '../connect';
import { CliError } from '../handle-error';

/** The repository root, wherever the command is run from: the server's files are there. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ServeOptions {
  port: number;
  host?: string;
  dataDir?: string;
}

const DEFAULT_HOST = '127.0.0.1';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535)
    throw new InvalidArgumentError('a port number from 1 to 65535');
  return n;
}

/**
 * The server's own failure to listen is a fastify stack trace; a port taken by another program is
 * common enough (a second `serve`) to say plainly, before anything starts.
 */
async function checkPortFree(portNumber: number, host: string): Promise<void> {
  const probe = createServer();
  const problem = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    probe.once('error', resolve);
    probe.listen({ port: portNumber, host, exclusive: true }, () => resolve(undefined));
  });
  if (!problem) {
    await new Promise((resolve) => probe.close(resolve));
    return;
  }
  const where = `${host}:${portNumber}`;
  if (problem.code === 'EADDRINUSE')
    throw new CliError(`Port ${portNumber} is already in use on ${host}.`, undefined, [
      'Another program (perhaps another `pawloween serve`) is listening there.',
      `Stop it, or pick another port: pawloween serve --port ${portNumber + 1}`,
    ]);
  if (problem.code === 'EACCES')
    throw new CliError(`Not allowed to listen on ${where}.`, undefined, [
      'Ports below 1024 need extra rights: pick a higher one with --port.',
    ]);
  if (problem.code === 'EADDRNOTAVAIL' || problem.code === 'ENOTFOUND')
    throw new CliError(`${host} is not an address of this machine.`, undefined, [
      'Give --host one of its addresses, or leave it out for 127.0.0.1.',
    ]);
  throw new CliError(`Cannot listen on ${where}: ${problem.message}`);
}

/**
 * pawloween serve: the local platform, as `npm start` runs it. It runs as its own process (cli/
 * never imports mock-server/), and signals reach it so it closes its database cleanly.
 */
export function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description('start the local platform server (the API, the sign-in page and the app)')
    .option('--port <port>', 'port to listen on', port, 8787)
    .option('--host <host>', 'interface to listen on (default 127.0.0.1)')
    .option('--data-dir <dir>', 'where accounts and generated files live (default ./data)')
    .action(async (options: ServeOptions) => {
      await checkPortFree(options.port, options.host ?? DEFAULT_HOST);
      const env: NodeJS.ProcessEnv = { ...ctx.io.env, PORT: String(options.port) };
      if (options.host) env.HOST = options.host;
      if (options.dataDir) env.DATA_DIR = path.resolve(options.dataDir);
      const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/server.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => ctx.io.stdout.write(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => ctx.io.stderr.write(chunk.toString()));
      const stop = () => child.kill('SIGTERM');
      ctx.io.signal?.addEventListener('abort', stop, { once: true });
      const forwarded = ['SIGINT', 'SIGTERM'] as const;
      for (const name of forwarded) process.on(name, stop);
      try {
        const code = await new Promise<number | null>((resolve, reject) => {
          child.once('error', reject);
          child.once('exit', (exitCode) => resolve(exitCode));
        });
        if (code !== 0 && code !== null && !ctx.io.signal?.aborted)
          throw new CliError(`The local platform stopped with exit code ${code}.`);
      } finally {
        ctx.io.signal?.removeEventListener('abort', stop);
        for (const name of forwarded) process.off(name, stop);
      }
    });
}
