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
 * What the platform reads from the environment besides the flags (mock-server/settings.ts, which
 * cli/ does not import: serve.test.ts checks that each of its names is here).
 */
const SETTINGS_HELP = `
Settings (environment variables; README "Configuration"):
  PROJECT_TOKEN            the local project's token (default pk_local_pawloween)
  PUBLIC_BASE_URL          the address written into run answers and trusted for sign-in returns
                           (default http://localhost:<port>)
  ALLOWED_ORIGINS          comma-separated origins that may call the API and receive sign-in tokens
  TRUST_PROXY              reverse proxies (addresses, CIDRs) whose X-Forwarded-For names the client
  PAWLOWEEN_FAULTS         1 turns on fault injection (POST /__faults, loopback only; README "Faults")
  LOG_LEVEL                trace, debug, info (default), warn or error
  LOG_FORMAT               pretty (readable lines, the default on a terminal) or json (the default
                           when the output is piped)
  STORAGE_QUOTA_MB         what all of a project's users keep together (default 256)
  USER_STORAGE_QUOTA_MB    storage each user keeps (default 1)
  PAGES_PER_MINUTE         pages one address may load a minute (default 60)
  SIGNUPS_PER_HOUR         new accounts one address may make an hour (default 20)
  REQUEST_TIMEOUT_MS       a request must arrive whole within this (default 60000)
  IDLE_TIMEOUT_MS          an idle socket is closed after this (default 120000)
  CONNECTIONS_PER_ADDRESS  open sockets one client address may hold (default 256)
  MAX_CONNECTIONS          open sockets in all (default: ulimit -n less 10%)
  PORT, HOST, DATA_DIR     as --port, --host and --data-dir (the flags win)
`;

/**
 * pawloween serve: the local platform, as `npm start` runs it. It runs as its own process (cli/
 * never imports mock-server/), and signals reach it so it closes its database cleanly.
 */
export function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description('start the local platform server (the API, the sign-in page and the app)')
    .option('--port <port>', 'port to listen on', port, 8787)
    .option('--host <host>', 'interface to listen on (default 127.0.0.1)')
    .option(
      '--data-dir <dir>',
      'where accounts and generated files live (default ./data of the current folder)',
    )
    .addHelpText('after', SETTINGS_HELP)
    .action(async (options: ServeOptions) => {
      await checkPortFree(options.port, options.host ?? DEFAULT_HOST);
      const env: NodeJS.ProcessEnv = { ...ctx.io.env, PORT: String(options.port) };
      if (options.host) env.HOST = options.host;
      // The server runs in the repository's folder: ./data is the caller's, resolved here (the
      // server prints the folder it uses at start).
      env.DATA_DIR = path.resolve(options.dataDir ?? ctx.io.env.DATA_DIR ?? 'data');
      // The server's output is piped through this process: it writes readable lines when this
      // one's output is a terminal, JSON when it is piped (or as LOG_FORMAT says).
      env.LOG_FORMAT ??= ctx.io.stdout.isTTY ? 'pretty' : 'json';
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
