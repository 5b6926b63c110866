import { LOCAL_PLATFORM } from '../domain/model/constants';
import type { CostumeRenderer } from './runs/costume-renderer';
import type { PetLocationAnswer } from '../adapters/platform/src/api';
import type { Pricing } from './billing/plans';

/** The local project's token when PROJECT_TOKEN is not set: fixed so the built app runs out of the box. */
export const DEFAULT_PROJECT_TOKEN: string = LOCAL_PLATFORM.projectToken;
export const LOCAL_PROJECT_ID = 'proj_local';
export const DEMO_PROJECT_ID = 'proj_demo';
/** Issuer of every access token this platform signs; tokens from anyone else are refused. */
export const TOKEN_ISSUER = 'pawloween-local-platform';

/**
 * An access token lives an hour: the app and the CLI refresh it before it ends (POST
 * /v1/auth/refresh), so a copy found later (a history file, a log) is soon dead even without a
 * sign-out.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface AppOptions {
  /** Database, signing secret and generated files live here. */
  dataDir: string;
  /** ':memory:' in tests; defaults to <dataDir>/pawloween.db. */
  databaseFile?: string;
  projectToken?: string;
  /** Origin the server is reached at, used for absolute output URLs and same-origin checks. */
  publicBaseUrl?: string;
  /**
   * More origins this same server is reached at besides publicBaseUrl (server.ts: this machine's
   * network addresses when it listens beyond loopback without PUBLIC_BASE_URL).
   */
  otherOrigins?: string[];
  /** Extra origins allowed for CORS, sign-in redirects, framing and message targets. */
  allowedOrigins?: string[];
  logger?: boolean | object;
  faults?: boolean;
  /** HS256 secret; defaults to one generated into dataDir on first start. */
  signingSecret?: Uint8Array;
  /** Built app to serve at / (defaults to ./dist) and the public folder used when it is absent. */
  distDir?: string;
  publicDir?: string;
  /** Per-user request budget: 60 per 60 s by default (SPEC.md 9); false turns it off (benchmarks). */
  rateLimit?: { max: number; windowMs: number } | false;
  pricing?: Partial<Pricing>;
  /** Credits (USD) the project owners start with. */
  ownerCredits?: number;
  /** Access token lifetime in seconds (ACCESS_TOKEN_TTL_SECONDS by default). */
  tokenTtlSeconds?: number;
  /** The costume workflow; tests pass a fast stub. */
  renderCostume?: CostumeRenderer;
  /** The pet locator of POST /v1/pets/locate (on a thread of its own); tests pass a fast stub. */
  locatePet?: (image: Buffer) => Promise<PetLocationAnswer>;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  /**
   * Signing in needs a password (set at an account's first sign-in, kept as an scrypt hash):
   * server.ts turns it on when the platform listens beyond loopback, where an e-mail alone would
   * let anyone who knows one sign in as that person.
   */
  requirePassword?: boolean;
  /**
   * Addresses or CIDR ranges of the reverse proxies in front (TRUST_PROXY): only from them is
   * X-Forwarded-For read as the client's address. Without any, the socket's address is the client.
   */
  trustProxy?: string[];
  /** Bytes of storage all users of one project may keep together (DEFAULT_PROJECT_STORAGE_BYTES). */
  storageQuotaBytes?: number;
  /** Bytes of storage each user may keep (DEFAULT_USER_STORAGE_BYTES). */
  userStorageQuotaBytes?: number;
  /** Budgets per address for pages and new accounts (ANONYMOUS_LIMITS by default). */
  anonymousLimits?: { pagesPerMinute?: number; signupsPerHour?: number };
  /** Slow and piled-up connections (CONNECTION_LIMITS by default). */
  connections?: Partial<ConnectionLimits>;
  /** A streamed run quiet this long sends a comment line (STREAM_HEARTBEAT_MS by default). */
  streamHeartbeatMs?: number;
}

/**
 * A streamed run sends nothing between its start and its image while it waits in the workflow's
 * queue or renders, which on a busy platform took over a minute: the client's idle watchdog (60 s)
 * then took a working run for a lost connection and sent it again ("Reconnecting...", the image
 * held back until the whole run ended). A comment line this often keeps the stream alive; clients
 * skip it, as Server-Sent Events say.
 */
export const STREAM_HEARTBEAT_MS = 15_000;

export interface ConnectionLimits {
  /** A request (headers and body) must arrive whole within this, or its socket is closed. */
  requestTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed, unless it waits on an answer being made. */
  idleTimeoutMs: number;
  /** Open sockets from one client address; the next is closed at once. */
  perAddress: number;
  /**
   * Open sockets in all: at the cap the oldest idle one is closed for the new one. Below the
   * descriptor limit by default (defaultMaxConnections in http/connection-limits.ts).
   */
  maxConnections: number;
}

/**
 * Generous for a phone uploading two photos on a slow network, short enough that sockets
 * trickling a byte at a time cannot pile up; per address, so one client cannot take every socket.
 */
export const CONNECTION_LIMITS: Omit<ConnectionLimits, 'maxConnections'> = {
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 120_000,
  perAddress: 256,
};
