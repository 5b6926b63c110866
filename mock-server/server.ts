import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { logFormatOf } from './http/log-lines';
import { networkOrigins } from './network-origins';
import { settingsHelp } from './settings';

// Starts the local platform: the app and the platform API on one origin (DESIGN.md "Embedded
// default"). `npm start`, `pawloween serve` and the bin of @pawloween/platform-server run this.
// Everything it creates (database, WAL, generated pictures and videos, ffmpeg's output, their
// folders) is its owner's alone: 0600 files, 0700 folders, whatever umask it was started with.
process.umask(0o077);

const USAGE = `Usage: pawloween-platform [--port <port>] [--host <host>] [--data-dir <dir>]

Starts the local Pawloween platform: the API, the sign-in page and the app on one origin.

Options:
  --port <port>     port to listen on (PORT, default 8787; 0 picks a free one)
  --host <host>     address to listen on (HOST, default 127.0.0.1)
  --data-dir <dir>  database and generated files (DATA_DIR, default ./data of the current folder)
  -h, --help        show this help

`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\nSee --help.`);
  }
})();
if (args.help) {
  process.stdout.write(USAGE + settingsHelp());
  process.exit(0);
}

const env = process.env;
const portText = args.port ?? env.PORT ?? '8787';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535)
  fail(`The port must be a number from 0 to 65535, not "${portText}".`);
const host = args.host ?? env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(args['data-dir'] ?? env.DATA_DIR ?? './data');
const configuredBaseUrl = env.PUBLIC_BASE_URL || undefined;
function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}
// Beyond loopback with no PUBLIC_BASE_URL, other machines reach it at this machine's addresses.
const otherOrigins =
  configuredBaseUrl || isLoopback(host) ? [] : networkOrigins(host, port, networkInterfaces());
const list = (name: string) =>
  (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
function megabytes(name: string): number | undefined {
  const value = env[name];
  if (!value) return undefined;
  const megabytes = Number(value);
  if (!(megabytes > 0)) fail(`${name} must be a number of megabytes above 0, not "${value}".`);
  return megabytes * 1024 * 1024;
}
/** A count or a time in ms: a whole number above 0, or the setting's default when unset. */
function limit(name: string): number | undefined {
  const value = env[name];
  if (!value) return undefined;
  const whole = Number(value);
  if (!(Number.isSafeInteger(whole) && whole > 0))
    fail(`${name} must be a whole number above 0, not "${value}".`);
  return whole;
}
const connections = {
  requestTimeoutMs: limit('REQUEST_TIMEOUT_MS'),
  idleTimeoutMs: limit('IDLE_TIMEOUT_MS'),
  perAddress: limit('CONNECTIONS_PER_ADDRESS'),
  maxConnections: limit('MAX_CONNECTIONS'),
};
const logFormat = (() => {
  try {
    return logFormatOf(env.LOG_FORMAT, process.stdout.isTTY === true);
  } catch (error) {
    return fail((error as Error).message);
  }
})();

// Loaded once the arguments are read, so --help and a mistyped flag answer at once.
const [{ startPlatform }, { DEFAULT_PROJECT_TOKEN }, { DataDirInUseError }] = await Promise.all([
  import('./platform'),
  import('./config'),
  import('./store/data-dir-lock'),
]);
const platform = await startPlatform({
  port,
  host,
  dataDir,
  projectToken: env.PROJECT_TOKEN ?? DEFAULT_PROJECT_TOKEN,
  publicBaseUrl: configuredBaseUrl,
  otherOrigins,
  allowedOrigins: list('ALLOWED_ORIGINS'),
  logLevel: env.LOG_LEVEL ?? 'info',
  logFormat,
  faults: env.PAWLOWEEN_FAULTS === '1',
  // The proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; nobody else's is read.
  trustProxy: list('TRUST_PROXY'),
  storageQuotaBytes: megabytes('STORAGE_QUOTA_MB'),
  userStorageQuotaBytes: megabytes('USER_STORAGE_QUOTA_MB'),
  anonymousLimits: {
    pagesPerMinute: limit('PAGES_PER_MINUTE'),
    signupsPerHour: limit('SIGNUPS_PER_HOUR'),
  },
  connections: Object.fromEntries(
    Object.entries(connections).filter((entry) => entry[1] !== undefined),
  ),
}).catch((error: unknown) => {
  // Another platform holds DATA_DIR, or the port is taken: a plain message and exit 1.
  if (error instanceof DataDirInUseError) fail(error.message);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    fail(`Port ${port} is already in use on ${host}: stop the other program or pick another port.`);
  throw error;
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Finish requests in flight, then close the database so the WAL is checkpointed.
    platform.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

console.log(`Pawloween is running at ${platform.url}`);
console.log(`Local project token: ${platform.projectToken}`);
console.log(`Data folder: ${dataDir}`);
if (env.PAWLOWEEN_FAULTS === '1')
  console.log(`Fault injection is on: POST ${platform.url}/__faults (README "Faults").`);
if (!isLoopback(host) && !configuredBaseUrl)
  console.log(
    `Other machines reach it at ${otherOrigins.join(', ') || '(no network address found)'}. ` +
      `Reached by a host name, set PUBLIC_BASE_URL (e.g. PUBLIC_BASE_URL=http://my-host:${platform.port}): sign-in through any other name is refused.`,
  );
if (!isLoopback(host) || !isLoopback(new URL(platform.url).hostname)) {
  const unclaimed = platform.unclaimedAccounts();
  if (unclaimed > 0)
    console.log(
      `${unclaimed} account(s) made on loopback have no password yet: each gets one only when its owner signs in from this computer (http://localhost:${platform.port}).`,
    );
}
