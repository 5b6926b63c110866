import path from 'node:path';
import { buildApp } from './app';
import { DEFAULT_PROJECT_TOKEN } from './config';
import { warmUpLocator } from './workflow/locate/locate-pet';

// Starts the local platform: the app and the platform API on one origin (DESIGN.md "Embedded default").
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const projectToken = process.env.PROJECT_TOKEN ?? DEFAULT_PROJECT_TOKEN;
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}
const limit = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const connections = {
  requestTimeoutMs: limit('REQUEST_TIMEOUT_MS'),
  idleTimeoutMs: limit('IDLE_TIMEOUT_MS'),
  perAddress: limit('CONNECTIONS_PER_ADDRESS'),
};
const allowedOrigins = (process.env.ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

const app = await buildApp({
  dataDir,
  projectToken,
  publicBaseUrl,
  allowedOrigins,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  faults: process.env.PAWLOWEEN_FAULTS === '1',
  requirePassword: !isLoopback(host),
  anonymousLimits: {
    pagesPerMinute: limit('PAGES_PER_MINUTE'),
    signupsPerHour: limit('SIGNUPS_PER_HOUR'),
  },
  connections: Object.fromEntries(
    Object.entries(connections).filter((entry) => entry[1] !== undefined),
  ),
});

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
// The pet locator's model loads once, now, rather than inside the first upload's generation; if it
// cannot load, uploaded photos get the fallback placement.
warmUpLocator().catch((error: unknown) => app.log.warn({ err: error }, 'pet locator unavailable'));
console.log(`Pawloween is running at ${publicBaseUrl}`);
console.log(`Local project token: ${projectToken}`);
