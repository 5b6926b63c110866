import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import type { CliContext } from '../connect';
import { CliError } from '../handle-error';

/** The repository root, wherever the command is run from: the server's files are there. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ServeOptions {
  port: string;
  host?: string;
  dataDir?: string;
}

/**
 * pawloween serve: the local platform, as `npm start` runs it. It runs as its own process (cli/
 * never imports mock-server/), and signals reach it so it closes its database cleanly.
 */
export function serveCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description('start the local platform server (the API, the sign-in page and the app)')
    .option('--port <port>', 'port to listen on', '8787')
    .option('--host <host>', 'interface to listen on (default 127.0.0.1)')
    .option('--data-dir <dir>', 'where accounts and generated files live (default ./data)')
    .action(async (options: ServeOptions) => {
      const env: NodeJS.ProcessEnv = { ...ctx.io.env, PORT: options.port };
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
