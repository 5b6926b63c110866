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

/** How much the client logs: 'debug' logs every request, retry and redirect; 'off' nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

/** The environment variable that sets the log level when the options do not (Node, Deno, Bun). */
export const LOG_LEVEL_ENV = 'PAWLOWEEN_LOG';

/** What `fetchOptions` may add to every request: anything fetch takes but the client's own fields. */
export type FetchOptions = Omit<
  RequestInit,
  'method' | 'headers' | 'body' | 'signal' | 'redirect'
> &
  Record<string, unknown>;

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Client configuration, plus the injectable parts a library needs. */
export interface ClientOptions {
  /** The platform's API host. */
  baseUrl?: string;
  /** The authorization page; derived from baseUrl by replacing 'api' with 'auth'. */
  authorizationUrl?: string;
  /** Milliseconds per request (for a stream: the whole stream). */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /**
   * What reaches `logger`: 'debug' (every request with its status, time and request id, every
   * retry and redirect), 'info', 'warn' (the default), 'error' or 'off'. Unset: the PAWLOWEEN_LOG
   * environment variable, else 'warn'. Tokens are never logged.
   */
  logLevel?: LogLevel;
  /** @deprecated Use `logLevel: 'debug'`; `debug: true` means the same. */
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
  /** Headers sent with every request, after the client's own and before each call's `headers`. */
  defaultHeaders?: Record<string, string>;
  /** Query parameters added to every request's address (a call's own win). */
  defaultQuery?: Record<string, string>;
  /** A fetch of your own (a proxy, a test double, a runtime without a global fetch). */
  fetch?: Fetch;
  /**
   * More for every fetch (`cache`, `keepalive`, `priority`, undici's `dispatcher`, ...); the
   * client's own method, headers, body, signal and redirect always win.
   */
  fetchOptions?: FetchOptions;
  /** Where log lines go (any object with debug, info, warn and error); console by default. */
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
 * `process.env` (Node, Bun, Deno's Node mode; never in a browser). The CLI's names, read its way:
 * PAWLOWEEN_TOKEN is an access token (taken only when no other user credential is given),
 * PAWLOWEEN_TIMEOUT seconds a quick call waits (a run keeps its own 600 s), PAWLOWEEN_DEBUG=1 the
 * 'debug' log level (PAWLOWEEN_LOG, the client's own, wins).
 */
export const ENVIRONMENT_VARIABLES = {
  apiKey: 'PAWLOWEEN_PROJECT_TOKEN',
  baseUrl: 'PAWLOWEEN_BASE_URL',
  accessToken: 'PAWLOWEEN_TOKEN',
  timeout: 'PAWLOWEEN_TIMEOUT',
  debug: 'PAWLOWEEN_DEBUG',
  logLevel: LOG_LEVEL_ENV,
} as const;

type Env = Readonly<Record<string, string | undefined>>;

/** The environment where there is a process (Node, Deno, Bun); a browser has none. */
function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}

/** What the environment says, as options, and what in it could not be used (for a warning). */
export interface EnvironmentSettings {
  options: Pick<ClientOptions, 'baseUrl' | 'apiKey' | 'accessToken' | 'timeout' | 'logLevel'>;
  /** One sentence per variable set to something unusable, which is then left out. */
  unusable: string[];
}

/**
 * The client's settings from ENVIRONMENT_VARIABLES, read as the CLI reads them: a blank value is
 * unset, PAWLOWEEN_TIMEOUT is seconds (a positive number), PAWLOWEEN_DEBUG counts only as '1'.
 * `env` defaults to `process.env`; anything else (a CLI's own env object) may be given.
 */
export function environmentSettings(env: Env = processEnv()): EnvironmentSettings {
  const read = (name: string) => env[name]?.trim() || undefined;
  const unusable: string[] = [];
  const options: EnvironmentSettings['options'] = {};
  const baseUrl = read(ENVIRONMENT_VARIABLES.baseUrl);
  if (baseUrl) options.baseUrl = baseUrl;
  const apiKey = read(ENVIRONMENT_VARIABLES.apiKey);
  if (apiKey) options.apiKey = apiKey;
  const accessToken = read(ENVIRONMENT_VARIABLES.accessToken);
  if (accessToken) options.accessToken = accessToken;
  const timeout = read(ENVIRONMENT_VARIABLES.timeout);
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (Number.isFinite(seconds) && seconds > 0) options.timeout = Math.round(seconds * 1000);
    else
      unusable.push(
        `${ENVIRONMENT_VARIABLES.timeout}=${timeout} is not a number of seconds; using the default`,
      );
  }
  const logLevel = read(ENVIRONMENT_VARIABLES.logLevel)?.toLowerCase();
  if (isLogLevel(logLevel)) options.logLevel = logLevel;
  else if (logLevel !== undefined)
    unusable.push(
      `${ENVIRONMENT_VARIABLES.logLevel}=${logLevel} is not a log level (debug, info, warn, error, off)`,
    );
  if (!options.logLevel && read(ENVIRONMENT_VARIABLES.debug) === '1') options.logLevel = 'debug';
  return { options, unusable };
}

/**
 * `options` with what the environment says where they say nothing (ENVIRONMENT_VARIABLES). The
 * environment's access token stands in only when the options name no user at all.
 */
export function withEnvironment(options: ClientOptions, env: EnvironmentSettings): ClientOptions {
  const fromEnv = env.options;
  const namesUser = Boolean(options.accessToken || options.userKey || options.getUserToken);
  return {
    ...options,
    baseUrl: options.baseUrl ?? fromEnv.baseUrl,
    apiKey: options.apiKey ?? fromEnv.apiKey,
    accessToken: namesUser ? options.accessToken : fromEnv.accessToken,
    timeout: options.timeout ?? fromEnv.timeout,
    logLevel: options.logLevel ?? (options.debug ? 'debug' : fromEnv.logLevel),
  };
}
export const DEFAULT_STREAM_IDLE_TIMEOUT = CLIENT_DEFAULTS.streamIdleTimeout;

export type ResolvedOptions = Omit<ResolvedCore, 'streamLimits'> & {
  readonly streamLimits: StreamLimits;
  readonly logLevel: LogLevel;
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly defaultQuery: Readonly<Record<string, string>>;
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

/**
 * True for a loopback host as the URL parser writes it: a literal 127.0.0.0/8 address (127.1 and
 * 0x7f000001 are written 127.0.0.1 before anyone looks them up), [::1], or `localhost` exactly.
 * Nothing is resolved: a name such as `pets.localhost` is whatever DNS or the resolver answers
 * for it, so it is not trusted with a token over plain http.
 */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
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
    ...logSettings(options),
    defaultHeaders: { ...options.defaultHeaders },
    defaultQuery: { ...options.defaultQuery },
    streamIdleTimeout: options.streamIdleTimeout ?? DEFAULT_STREAM_IDLE_TIMEOUT,
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    streamLimits: { ...DEFAULT_STREAM_LIMITS, ...definedOnly(options.streamLimits) },
    accessToken: blank(options.accessToken),
    apiKey: cleanApiKey(options.apiKey),
    userKey: blank(options.userKey),
    getUserToken: options.getUserToken,
  };
}

function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** logLevel from the options (the environment's already in them), else `debug: true`, else 'warn'. */
function logSettings(options: ClientOptions): { logLevel: LogLevel; debug: boolean } {
  const logLevel = options.logLevel ?? (options.debug ? 'debug' : 'warn');
  return { logLevel, debug: logLevel === 'debug' };
}

/** `logger` with only the lines of `level` and above passed on. */
export function leveledLogger(logger: Logger, level: LogLevel): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const at =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, ...rest: unknown[]) => {
      if (LOG_LEVELS.indexOf(name) >= rank) logger[name](message, ...rest);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** The default logger, behind the client's log level ('warn' unless set). */
export const consoleLogger: Logger = {
  debug: (...args) => console.debug(...args),
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};
