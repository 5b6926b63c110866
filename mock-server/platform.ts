import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type AppOptions } from './app';
import { DEFAULT_PROJECT_TOKEN } from './config';
import { logLines, type LogFormat } from './http/log-lines';

/**
 * Where the built app and the public folder lie beside this file: the repository's dist/ and
 * ui/public/, or the same folders inside @pawloween/platform-server (scripts/pack-platform.ts
 * keeps the repository's layout under lib/).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface PlatformOptions extends Partial<
  Omit<AppOptions, 'logger' | 'projectToken' | 'publicBaseUrl'>
> {
  /** 0 (the default) lets the system pick a free port: read it from `url`. */
  port?: number;
  /** Loopback by default: the platform has local-only accounts and admin routes. */
  host?: string;
  /** Database, signing secret and generated pictures and videos; required, one platform at a time. */
  dataDir: string;
  /** The local project's token (pk_local_pawloween by default). */
  projectToken?: string;
  /** The address written into run answers; http://localhost:<port> by default. */
  publicBaseUrl?: string;
  /** POST /__faults arms failures for the next requests (README "Faults"). Off by default. */
  faults?: boolean;
  /** pino level: 'warn' by default here, so a test's output shows only what needs a look. */
  logLevel?: string;
  /** 'pretty' (one readable line per entry) or 'json' (pino's lines); pretty by default. */
  logFormat?: LogFormat;
  /** Where log lines go (process.stdout by default). */
  logStream?: NodeJS.WritableStream;
}

export interface RunningPlatform {
  /** The platform's base URL (the API, the sign-in page at /auth and the app at /). */
  url: string;
  /** The local project's token, for PlatformClient({ projectToken }) and the sign-in page. */
  projectToken: string;
  port: number;
  dataDir: string;
  /** Arms a fault (needs `faults: true`): README "Faults" lists them. */
  fault(fault: FaultSpec): Promise<void>;
  /** Accounts made on loopback that have no password yet (server.ts says so beyond loopback). */
  unclaimedAccounts(): number;
  /** Finishes requests in flight, closes the database (its WAL checkpointed) and frees dataDir. */
  close(): Promise<void>;
}

/** A fault as POST /__faults takes it. */
export interface FaultSpec {
  next: 'video-fail' | 'run-fail' | '503' | '402' | '429' | 'slow';
  /** How many matching requests it hits (1 by default). */
  count?: number;
  /** The path it applies to: /v1/run by default. */
  path?: string;
  /** For 'slow': how long to hold the answer, 5000 ms by default. */
  delayMs?: number;
}

const isLoopback = (address: string) =>
  address === 'localhost' || address === '::1' || /^127\./.test(address);

/** Starts the local platform in this process and resolves once it listens. */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const {
    port = 0,
    host = '127.0.0.1',
    logLevel = 'warn',
    logFormat = 'pretty',
    logStream = process.stdout,
    projectToken = DEFAULT_PROJECT_TOKEN,
    publicBaseUrl: configuredBaseUrl,
    ...appOptions
  } = options;
  if (!options.dataDir) throw new Error('startPlatform needs a dataDir for its database.');
  const dataDir = path.resolve(options.dataDir);
  // On port 0 the address is known only once listening: with no base URL the platform takes any
  // loopback name and port it is reached at as its own (as in tests).
  const publicBaseUrl = configuredBaseUrl ?? (port ? `http://localhost:${port}` : undefined);
  const app = await buildApp({
    distDir: path.join(ROOT, 'dist'),
    publicDir: path.join(ROOT, 'ui/public'),
    requirePassword:
      !isLoopback(host) ||
      (!!configuredBaseUrl && !isLoopback(new URL(configuredBaseUrl).hostname)),
    ...appOptions,
    dataDir,
    projectToken,
    publicBaseUrl,
    logger: {
      level: logLevel,
      stream: logFormat === 'json' ? logStream : logLines(logStream),
    },
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const bound = (app.server.address() as AddressInfo).port;
  const url = (publicBaseUrl ?? `http://127.0.0.1:${bound}`).replace(/\/$/, '');
  const direct = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}`;
  return {
    url,
    projectToken: app.platform.projectToken,
    port: bound,
    dataDir,
    async fault(fault) {
      const answer = await fetch(`${direct}/__faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      if (!answer.ok)
        throw new Error(
          answer.status === 404
            ? 'Faults are off: start the platform with faults: true.'
            : `The platform refused the fault (${answer.status}): ${await answer.text()}`,
        );
    },
    unclaimedAccounts: () => app.platform.accounts.users.countWithoutPassword(),
    close: () => app.close(),
  };
}
