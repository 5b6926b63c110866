import type { PetLocationAnswer } from '../adapters/platform/src/api';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from './auth/loopback';
import { Authenticator } from './auth/authenticate';
import { TokenService } from './auth/token-service';
import { DEFAULT_PRICING, type Pricing } from './billing/plans';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_PROJECT_TOKEN,
  DEMO_PROJECT_ID,
  LOCAL_PROJECT_ID,
  STREAM_HEARTBEAT_MS,
  type AppOptions,
} from './config';
import { FaultInjector } from './http/fault-injector';
import { Guard } from './http/guard';
import { RateLimiter } from './http/rate-limiter';
import type { CostumeRenderer } from './runs/costume-renderer';
import { locateOnWorker } from './workflow/locate-on-worker';
import { RunService } from './runs/run-service';
import { openAccounts, type Accounts } from './store/accounts';
import { RevocationStore } from './store/revocation-store';
import { FileRetention } from './store/file-retention';
import { CheckoutStore } from './store/checkout-store';
import { openDatabase, type Db } from './store/database';
import { lockDataDir } from './store/data-dir-lock';
import { IdempotencyStore } from './store/idempotency-store';
import { StorageStore } from './store/storage-store';
import { DEFAULT_PROJECT_STORAGE_BYTES, StorageQuota } from './store/storage-quota';
import { DeviceCodes } from './auth/device-codes';
import { waitingClient } from './auth/waiting-room';
import { LoopbackRedirects } from './auth/loopback-redirects';

/** Everything the routes use, wired once per app. */
export interface AppContext {
  db: Db;
  /** This process's hold on DATA_DIR, given up when the app closes. */
  dataDirLock: { release: () => void };
  /** The database's file (':memory:' in some tests). */
  databaseFile: string;
  accounts: Accounts;
  storage: StorageStore;
  /** What all of a project's users may keep in storage together. */
  storageQuota: StorageQuota;
  idempotency: IdempotencyStore;
  checkout: CheckoutStore;
  tokens: TokenService;
  authenticator: Authenticator;
  revocations: RevocationStore;
  fileRetention: FileRetention;
  guard: Guard;
  runs: RunService;
  /** Where the costume workflow's locator puts a pet's head in a photo (POST /v1/pets/locate). */
  locatePet: (image: Buffer) => Promise<PetLocationAnswer>;
  /** What each output of a run costs (cents): what the runs charge, for any route to tell. */
  pricing: Pricing;
  /** A streamed run quiet this long sends a comment line. */
  streamHeartbeatMs: number;
  faults: FaultInjector | undefined;
  now: () => number;
  projectToken: string;
  filesDir: string;
  distDir: string | undefined;
  publicDir: string;
  /** Origins besides this server's that may receive tokens, messages and API answers. */
  allowedOrigins: readonly string[];
  /** This server's origin as the caller reached it. */
  originOf: (request: FastifyRequest) => string;
  /** Signing in needs a password (beyond loopback). */
  requirePassword: boolean;
  /**
   * Whether the request comes from a browser on the platform's own computer, which alone may set
   * the first password of an account made on loopback. Its address is the socket's, or with
   * TRUST_PROXY the one the proxy forwards; without TRUST_PROXY and with PUBLIC_BASE_URL off
   * loopback, a loopback socket may be a same-host proxy relaying anyone, so it never counts.
   */
  fromOwnComputer: (request: FastifyRequest) => boolean;
  /** Sign-in for terminals without a browser (pawloween login on a server). */
  deviceCodes: DeviceCodes;
  /** The CLI's one-shot loopback listeners waiting for their sign-in's token. */
  loopbackRedirects: LoopbackRedirects;
  /** Counts a request to a page or form that needs no credentials; 429 past the address's budget. */
  hitPage: (request: FastifyRequest) => void;
  /** Counts a new account made from this address; 429 past the budget. */
  hitSignup: (request: FastifyRequest) => void;
}

/**
 * Budgets per client address for what needs no credentials: pages and forms (sign-in, pricing,
 * checkout, faults), and new accounts, each worth free credits. Far above what a person does.
 */
export const ANONYMOUS_LIMITS = {
  pages: { max: 60, windowMs: 60_000 },
  // With each user's storage quota, one client's new accounts hold at most this many of them an
  // hour: 100 from each of 5 loopback addresses once filled the whole project's storage in a minute.
  signups: { max: 20, windowMs: 60 * 60_000 },
} as const;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origin, and when it is on loopback, the same port under each loopback name. */
function loopbackAliases(origin: string): Set<string> {
  const url = new URL(origin);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return new Set([url.origin]);
  return new Set(
    LOOPBACK_NAMES.map((name) => {
      const alias = new URL(url.href);
      alias.hostname = name;
      return alias.origin;
    }),
  );
}

/** Bytes of HMAC key below which a token can be forged by trying (a 1-byte key fell in 172 tries). */
const MIN_SECRET_BYTES = 32;

/**
 * The signing secret survives restarts (tokens stay valid) and is created on first start. A
 * damaged one (not hex, or shorter than 32 bytes) stops the start: an empty key failed every
 * sign-in, and 'abZZZZ' read as a 1-byte key.
 */
function signingSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'signing-secret');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(MIN_SECRET_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
  else chmodSync(file, 0o600);
  const text = readFileSync(file, 'utf8').trim();
  if (!/^(?:[0-9a-f]{2})*$/i.test(text) || text.length / 2 < MIN_SECRET_BYTES)
    throw new Error(
      `${file} is damaged: it must hold at least ${MIN_SECRET_BYTES} bytes as hex (${MIN_SECRET_BYTES * 2} characters 0-9, a-f), not ${JSON.stringify(text.slice(0, 16))}${text.length > 16 ? '…' : ''} (${text.length} characters). Restore it from a backup, or delete it to make a new one (every token signed so far stops working).`,
    );
  return Buffer.from(text, 'hex');
}

const OWNER_CREDITS_CENTS = 1_000_00;

export function createContext(
  options: AppOptions,
  render: CostumeRenderer,
  onRenderError: (error: unknown) => void,
): AppContext {
  const now = options.now ?? Date.now;
  // The owner's alone (0700): the database, the signing secret and every user's pictures live here.
  // A folder made world-readable by an older start is narrowed.
  const filesDir = path.join(options.dataDir, 'files');
  for (const dir of [options.dataDir, filesDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  const dataDirLock = lockDataDir(options.dataDir);
  const databaseFile = options.databaseFile ?? path.join(options.dataDir, 'pawloween.db');
  const db = openDatabase(databaseFile);

  const accounts = openAccounts(db, now);
  const projectToken = (options.projectToken ?? DEFAULT_PROJECT_TOKEN).trim().replace(/=+$/, '');
  const ownerCents = Math.round((options.ownerCredits ?? OWNER_CREDITS_CENTS / 100) * 100);
  accounts.projects.seedProject({
    id: LOCAL_PROJECT_ID,
    apiKey: projectToken,
    name: 'Pawloween (local)',
    isDemo: false,
    ownerCents,
  });
  accounts.projects.seedProject({
    id: DEMO_PROJECT_ID,
    apiKey: `pk_demo_${randomBytes(18).toString('base64url')}`,
    name: 'Pawloween demo',
    isDemo: true,
    ownerCents,
  });
  if (options.ownerCredits !== undefined) {
    accounts.credits.setOwnerCredits(LOCAL_PROJECT_ID, ownerCents);
    accounts.credits.setOwnerCredits(DEMO_PROJECT_ID, ownerCents);
  }

  const tokens = new TokenService(
    options.signingSecret ?? signingSecret(options.dataDir),
    options.tokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    now,
  );
  const revocations = new RevocationStore(db, now);
  const authenticator = new Authenticator(accounts, tokens, revocations);
  const faults = options.faults ? new FaultInjector() : undefined;
  const rateLimit =
    options.rateLimit === undefined ? { max: 60, windowMs: 60_000 } : options.rateLimit;
  const limiter = rateLimit ? new RateLimiter(rateLimit.max, rateLimit.windowMs, now) : undefined;
  const budget = (
    { max, windowMs }: { max: number; windowMs: number },
    kind: string,
    client: (address: string) => string = (address) => address,
  ) => {
    if (!rateLimit) return () => {};
    const perAddress = new RateLimiter(max, windowMs, now);
    return (request: FastifyRequest) => perAddress.hit(`${kind}:${client(request.ip)}`);
  };
  const distDir = path.resolve(options.distDir ?? 'dist');
  const publicDir = path.resolve(options.publicDir ?? 'ui/public');
  const hasDist = existsSync(path.join(distDir, 'index.html'));
  const allowedOrigins = [
    ...new Set((options.allowedOrigins ?? []).map((origin) => new URL(origin).origin)),
  ];
  const baseOrigin = options.publicBaseUrl ? new URL(options.publicBaseUrl).origin : undefined;

  const ownOrigin = baseOrigin ?? 'http://localhost';
  const ownOrigins = new Set([
    ...loopbackAliases(ownOrigin),
    ...(options.otherOrigins ?? []).map((origin) => new URL(origin).origin),
  ]);
  // The Host header is the caller's to write: it names this server only if it is one of the
  // configured origin's names (on loopback: localhost, 127.0.0.1 or [::1] with the same port).
  // Anything else (Host: evil.example) gets the configured origin, so no answer carries a URL or
  // sends a token to a host the caller chose.
  // The Host header parsed once per distinct text (a URL parse per storage write showed in the
  // server bench); bounded, since the header is the caller's to write.
  type HostParts = Readonly<Pick<URL, 'origin' | 'hostname' | 'port'>>;
  const hosts = new Map<string, HostParts | null>();
  const hostUrl = (text: string): HostParts | null => {
    let parts = hosts.get(text);
    if (parts !== undefined) return parts;
    const url = URL.canParse(text) ? new URL(text) : undefined;
    parts = url ? { origin: url.origin, hostname: url.hostname, port: url.port } : null;
    if (hosts.size >= 256) hosts.clear();
    hosts.set(text, parts);
    return parts;
  };
  const originOf = (request: FastifyRequest) => {
    const url = hostUrl(`${request.protocol}://${request.host}`);
    if (!url) return ownOrigin;
    // With no configured origin (tests, in-process tools) any loopback name and port is this server.
    // So is a loopback name with the port this socket came in on, asked from this computer: the
    // owner at http://localhost:PORT when PUBLIC_BASE_URL names the machine's network address.
    const own =
      ownOrigins.has(url.origin) ||
      (LOOPBACK_NAMES.includes(url.hostname) &&
        (!baseOrigin ||
          (isLoopbackAddress(request.socket.remoteAddress) &&
            Number(url.port || 80) === request.socket.localPort)));
    return own ? url.origin : ownOrigin;
  };
  const pricing: Pricing = { ...DEFAULT_PRICING, ...options.pricing };
  const runs = new RunService({
    accounts,
    pricing,
    render,
    onRenderError,
    faults,
    now,
    sources: {
      publicDirs: hasDist ? [distDir, publicDir] : [publicDir],
      filesDir,
      ownOrigins: baseOrigin ? [baseOrigin] : [],
      appOrigins: allowedOrigins,
    },
  });

  return {
    db,
    dataDirLock,
    databaseFile,
    accounts,
    storage: new StorageStore(db, now),
    storageQuota: new StorageQuota(
      db,
      options.storageQuotaBytes ?? DEFAULT_PROJECT_STORAGE_BYTES,
      options.userStorageQuotaBytes,
    ),
    idempotency: new IdempotencyStore(db, now),
    checkout: new CheckoutStore(db, now),
    tokens,
    authenticator,
    guard: new Guard(authenticator, limiter, faults, now),
    runs,
    locatePet: options.locatePet ?? locateOnWorker(),
    pricing,
    streamHeartbeatMs: options.streamHeartbeatMs ?? STREAM_HEARTBEAT_MS,
    faults,
    now,
    projectToken,
    filesDir,
    distDir: hasDist ? distDir : undefined,
    publicDir,
    allowedOrigins,
    originOf,
    revocations,
    deviceCodes: new DeviceCodes(now),
    loopbackRedirects: new LoopbackRedirects(now),
    fileRetention: new FileRetention(db, filesDir, now),
    requirePassword: options.requirePassword ?? false,
    fromOwnComputer: (request) =>
      (Boolean(options.trustProxy?.length) ||
        !baseOrigin ||
        LOOPBACK_NAMES.includes(new URL(baseOrigin).hostname)) &&
      isLoopbackAddress(request.ip),
    hitPage: budget(
      {
        ...ANONYMOUS_LIMITS.pages,
        max: options.anonymousLimits?.pagesPerMinute ?? ANONYMOUS_LIMITS.pages.max,
      },
      'page',
    ),
    hitSignup: budget(
      {
        ...ANONYMOUS_LIMITS.signups,
        max: options.anonymousLimits?.signupsPerHour ?? ANONYMOUS_LIMITS.signups.max,
      },
      'signup',
      // Who a new account comes from: this computer, an IPv4 address, or an IPv6 /64.
      waitingClient,
    ),
  };
}
