import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { DataDirInUseError } from './store/data-dir-lock';
import { DEFAULT_PROJECT_TOKEN } from './config';
import { networkOrigins } from './network-origins';

// Starts the local platform: the app and the platform API on one origin (DESIGN.md "Embedded default").
// Everything it creates (database, WAL, generated pictures and videos, ffmpeg's output, their
// folders) is its owner's alone: 0600 files, 0700 folders, whatever umask it was started with.
process.umask(0o077);
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const projectToken = process.env.PROJECT_TOKEN ?? DEFAULT_PROJECT_TOKEN;
const configuredBaseUrl = process.env.PUBLIC_BASE_URL || undefined;
const publicBaseUrl = configuredBaseUrl ?? `http://localhost:${port}`;
function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}
// Beyond loopback with no PUBLIC_BASE_URL, other machines reach it at this machine's addresses.
const otherOrigins =
  configuredBaseUrl || isLoopback(host) ? [] : networkOrigins(host, port, networkInterfaces());
// Reached by others: listening beyond loopback, or through a proxy at a public address. Then an
// e-mail alone must not sign anyone in.
const reachedByOthers = !isLoopback(host) || !isLoopback(new URL(publicBaseUrl).hostname);
// The proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; nobody else's is read.
const trustProxy = (process.env.TRUST_PROXY ?? '')
  .split(',')
  .map((address) => address.trim())
  .filter(Boolean);
function megabytes(name: string): number | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  const megabytes = Number(value);
  if (!(megabytes > 0))
    throw new Error(`${name} must be a number of megabytes above 0, not "${value}".`);
  return megabytes * 1024 * 1024;
}
const limit = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const connections = {
  requestTimeoutMs: limit('REQUEST_TIMEOUT_MS'),
  idleTimeoutMs: limit('IDLE_TIMEOUT_MS'),
  perAddress: limit('CONNECTIONS_PER_ADDRESS'),
  maxConnections: limit('MAX_CONNECTIONS'),
};
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

const app = await startApp({
  dataDir,
  projectToken,
  publicBaseUrl,
  otherOrigins,
  allowedOrigins,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  faults: process.env.PAWLOWEEN_FAULTS === '1',
  requirePassword: reachedByOthers,
  trustProxy,
  storageQuotaBytes: megabytes('STORAGE_QUOTA_MB'),
  userStorageQuotaBytes: megabytes('USER_STORAGE_QUOTA_MB'),
  anonymousLimits: {
    pagesPerMinute: limit('PAGES_PER_MINUTE'),
    signupsPerHour: limit('SIGNUPS_PER_HOUR'),
  },
  connections: Object.fromEntries(
    Object.entries(connections).filter((entry) => entry[1] !== undefined),
  ),
});

/** The app, or a plain message and exit 1 when another platform holds DATA_DIR. */
async function startApp(options: Parameters<typeof buildApp>[0]) {
  try {
    return await buildApp(options);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Finish requests in flight, then close the database so the WAL is checkpointed.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

// Loopback by default: the platform has local-only accounts and admin routes; HOST=0.0.0.0 opts in to the network.
await app.listen({ port, host });
console.log(`Pawloween is running at ${publicBaseUrl}`);
console.log(`Local project token: ${projectToken}`);
if (!isLoopback(host) && !configuredBaseUrl)
  console.log(
    `Other machines reach it at ${otherOrigins.join(', ') || '(no network address found)'}. ` +
      `Reached by a host name, set PUBLIC_BASE_URL (e.g. PUBLIC_BASE_URL=http://my-host:${port}): sign-in through any other name is refused.`,
  );
const unclaimed = reachedByOthers ? app.platform.accounts.users.countWithoutPassword() : 0;
if (unclaimed > 0)
  console.log(
    `${unclaimed} account(s) made on loopback have no password yet: each gets one only when its owner signs in from this computer (http://localhost:${port}).`,
  );
