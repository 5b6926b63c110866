import { PAGE_PATHS } from './api/paths';
import { CLIENT_DEFAULTS } from './internal/defaults';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './internal/stream-limits';

/** Where debug and warning lines go; console by default, anything with these methods in tests. */
export interface Logger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Client configuration (SPEC.md section 3), plus the injectable parts a library needs. */
export interface ClientOptions {
  /** The platform's API host. */
  baseUrl?: string;
  /** The authorization page; derived from baseUrl by replacing 'api' with 'auth'. */
  authorizationUrl?: string;
  /** Milliseconds per request (for a stream: the whole stream). */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Logs every request and retry through `logger.debug`. */
  debug?: boolean;
  /** Mode (a): a universal access token of a signed-in user. */
  accessToken?: string;
  /** The project's API key (the project token); whitespace and trailing '=' are stripped. */
  apiKey?: string;
  /** Mode (b): the user's token, sent with the project key. */
  userKey?: string;
  /** Mode (b) when the user token comes from elsewhere, asked for on every request. */
  getUserToken?: () => Promise<string | undefined> | string | undefined;
  /**
   * Lets the client send credentials over plain http to a host that is not loopback. Off by
   * default: an http baseUrl outside 127.0.0.0/8, localhost and [::1] throws INSECURE_BASE_URL,
   * as anyone on the network path would read the tokens.
   */
  allowInsecureHttp?: boolean;
  /** For tests and runtimes without a global fetch. */
  fetch?: Fetch;
  logger?: Logger;
  /** Longest quiet gap inside a stream before it is given up, separate from `timeout`. */
  streamIdleTimeout?: number;
  /**
   * What one stream may bring before it ends with StreamLimitError: `maxLineBytes` (8 MiB) for one
   * line, `maxStreamBytes` (64 MiB) in all, and `lineTimeout` (60000 ms) without a complete line
   * while bytes still trickle in.
   */
  streamLimits?: Partial<StreamLimits>;
  /** Queue limits; the platform's are 10 at once and 60 per 60000 ms. */
  queue?: { concurrency?: number; intervalCap?: number; interval?: number };
}

/** The hosted platform, used when neither `baseUrl` nor PAWLOWEEN_BASE_URL names another. */
export const DEFAULT_BASE_URL = 'https://api.subscribe.dev';

/**
 * The environment variables the client reads, as openai-node reads OPENAI_API_KEY and
 * OPENAI_BASE_URL: each only where the option is not given, and only where there is a
 * `process.env` (Node, Bun, Deno's Node mode; never in a browser). The same names as the CLI's.
 */
export const ENVIRONMENT_VARIABLES = {
  apiKey: 'PAWLOWEEN_PROJECT_TOKEN',
  baseUrl: 'PAWLOWEEN_BASE_URL',
} as const;

function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  return env?.[name]?.trim() || undefined;
}

/** `options` with what the environment says where they say nothing (ENVIRONMENT_VARIABLES). */
export function withEnvironment(options: ClientOptions): ClientOptions {
  return {
    ...options,
    baseUrl: options.baseUrl ?? readEnv(ENVIRONMENT_VARIABLES.baseUrl),
    apiKey: options.apiKey ?? readEnv(ENVIRONMENT_VARIABLES.apiKey),
  };
}
export const DEFAULT_STREAM_IDLE_TIMEOUT = CLIENT_DEFAULTS.streamIdleTimeout;

export type ResolvedOptions = Omit<ResolvedCore, 'streamLimits'> & {
  readonly streamLimits: StreamLimits;
} & Pick<ClientOptions, 'accessToken' | 'apiKey' | 'userKey' | 'getUserToken'>;

type ResolvedCore = Required<
  Pick<
    ClientOptions,
    | 'baseUrl'
    | 'authorizationUrl'
    | 'timeout'
    | 'maxRetries'
    | 'debug'
    | 'streamIdleTimeout'
    | 'allowInsecureHttp'
    | 'streamLimits'
  >
>;

/** A pasted key often carries a newline or base64 padding the platform does not expect. */
export const cleanApiKey = (key: string | undefined) => {
  const cleaned = key?.replace(/\s+/g, '').replace(/=+$/, '');
  return cleaned ? cleaned : undefined;
};

/**
 * 'https://api.example.com' becomes 'https://auth.example.com': the host name's 'api' label, never a
 * piece of another label ('rapid.example.com' keeps its name). A host without that label serves the
 * page itself, at /auth.
 */
export function deriveAuthorizationUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `${baseUrl}${PAGE_PATHS.authorize}`;
  }
  const labels = url.hostname.split('.');
  const api = labels.indexOf('api');
  if (api === -1) return `${baseUrl}${PAGE_PATHS.authorize}`;
  labels[api] = 'auth';
  url.hostname = labels.join('.');
  return url.href.replace(/\/+$/, '');
}

/** True for a loopback host: localhost (and its subdomains), 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * True when requests to `baseUrl` would carry credentials in clear text over a network: http to
 * a host that is not loopback.
 */
export function isInsecureBaseUrl(baseUrl: string): boolean {
  if (!URL.canParse(baseUrl)) return false;
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** The keys of `value` that are not undefined, so a spread does not override defaults with them. */
function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  return {
    baseUrl,
    authorizationUrl: (options.authorizationUrl ?? deriveAuthorizationUrl(baseUrl)).replace(
      /\/+$/,
      '',
    ),
    timeout: options.timeout ?? CLIENT_DEFAULTS.timeout,
    maxRetries: options.maxRetries ?? CLIENT_DEFAULTS.maxRetries,
    debug: options.debug ?? false,
    streamIdleTimeout: options.streamIdleTimeout ?? DEFAULT_STREAM_IDLE_TIMEOUT,
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    streamLimits: { ...DEFAULT_STREAM_LIMITS, ...definedOnly(options.streamLimits) },
    accessToken: blank(options.accessToken),
    apiKey: cleanApiKey(options.apiKey),
    userKey: blank(options.userKey),
    getUserToken: options.getUserToken,
  };
}

/** The default logger; the client sends it debug lines only with `debug: true`, and warnings always. */
export const consoleLogger: Logger = {
  debug: (...args) => console.debug(...args),
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};
