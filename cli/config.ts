import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LOCAL_PLATFORM } from '../domain/model/constants';
import { usageError } from './handle-error';

/** The local platform that `pawloween serve` and `npm start` run (DESIGN.md "Embedded default"). */
export const DEFAULT_BASE_URL = LOCAL_PLATFORM.baseUrl;

export const ENV = {
  baseUrl: 'PAWLOWEEN_BASE_URL',
  token: 'PAWLOWEEN_TOKEN',
  projectToken: 'PAWLOWEEN_PROJECT_TOKEN',
  allowHttp: 'PAWLOWEEN_ALLOW_HTTP',
  timeout: 'PAWLOWEEN_TIMEOUT',
  debug: 'PAWLOWEEN_DEBUG',
} as const;

/** Seconds a quick call (usage, plan, storage, sign-in checks) waits for each answer. */
export const QUICK_TIMEOUT_SECONDS = 30;
/** Milliseconds one model run may take, a stream's whole life (the client library's default). */
export const RUN_TIMEOUT_MS = 600_000;

// Tokens are kept per platform origin, so a token signed in against one platform is never sent to another.
const ConfigFile = z.object({
  tokens: z.record(z.string(), z.string()).default({}),
});
type ConfigFile = z.infer<typeof ConfigFile>;

type Env = Readonly<Record<string, string | undefined>>;

/** $XDG_CONFIG_HOME/pawloween/config.json, or ~/.config/pawloween/config.json. */
export function configFilePath(env: Env): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(base, 'pawloween', 'config.json');
}

/** Where the command talks to and with what, after flags, environment and the config file. */
export interface Settings {
  readonly baseUrl: string;
  readonly token?: string;
  readonly tokenSource?: 'flag' | 'environment' | 'login';
  readonly projectToken?: string;
  readonly configFile: string;
  /** --allow-http: credentials may go over plain http to a platform that is not on loopback. */
  readonly allowHttp?: boolean;
  /** --timeout: ms a quick call waits for each answer (model runs have RUN_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** --debug: each request's method, path, status, time and request id on stderr (and a run's id). */
  readonly debug?: boolean;
}

export interface GlobalOptions {
  baseUrl?: string;
  token?: string;
  projectToken?: string;
  allowHttp?: boolean;
  timeout?: string;
  debug?: boolean;
}

/** Flags win over the environment, which wins over a token saved by `login`. */
export async function resolveSettings(options: GlobalOptions, env: Env): Promise<Settings> {
  const baseUrl = normaliseBaseUrl(options.baseUrl || env[ENV.baseUrl] || DEFAULT_BASE_URL);
  const allowHttp = Boolean(options.allowHttp) || env[ENV.allowHttp] === '1';
  if (!allowHttp && isInsecureBaseUrl(baseUrl))
    throw usageError(
      `Refused to send your token over plain http to ${new URL(baseUrl).host}: anyone on the way could read it.`,
      [
        'Use the https:// address of the platform.',
        `Only on a network you trust: add --allow-http (or set ${ENV.allowHttp}=1).`,
      ],
    );
  const timeoutMs = quickTimeoutMs(options.timeout ?? env[ENV.timeout]);
  const configFile = configFilePath(env);
  const projectToken =
    options.projectToken || env[ENV.projectToken] || localProjectToken(baseUrl) || undefined;
  const debug = Boolean(options.debug) || env[ENV.debug] === '1';
  const common = { baseUrl, projectToken, configFile, allowHttp, timeoutMs, debug };
  if (options.token) return { ...common, token: options.token, tokenSource: 'flag' };
  if (env[ENV.token]) return { ...common, token: env[ENV.token], tokenSource: 'environment' };
  const saved = (await readConfig(configFile)).tokens[originOf(baseUrl)];
  return saved ? { ...common, token: saved, tokenSource: 'login' } : common;
}

/**
 * Against a local platform (loopback, on any port: `pawloween serve --port 9000`), sign-in uses the
 * project it seeds, not the demo project; a loopback server that is not one refuses the token and
 * says so, rather than signing in to the demo without a word.
 */
function localProjectToken(baseUrl: string): string | undefined {
  const { hostname } = new URL(baseUrl);
  return LOOPBACK_HOSTS.includes(hostname) ? LOCAL_PLATFORM.projectToken : undefined;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** An http(s) address without a trailing slash; anything else is a usage error (exit 2). */
export function normaliseBaseUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw usageError(`The base URL '${value}' is not an http:// or https:// address.`, [
      `Give one with --base-url or ${ENV.baseUrl}, for example ${DEFAULT_BASE_URL}.`,
    ]);
  return url.href.replace(/\/+$/, '');
}

/**
 * http to a host off loopback (127.0.0.0/8, localhost, [::1]): the token would cross the network
 * in clear text. The client library refuses it too (INSECURE_BASE_URL); here it is a usage error.
 */
function isInsecureBaseUrl(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  // Literal loopback only (as the URL parser writes it): a *.localhost name is resolved, and
  // whatever the resolver answers is not known to be this computer.
  const loopback =
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
  return protocol === 'http:' && !loopback;
}

/** --timeout / PAWLOWEEN_TIMEOUT in seconds (a positive number), as ms. */
function quickTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return QUICK_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw usageError(`The timeout '${value}' is not a number of seconds.`, [
      `Give one with --timeout or ${ENV.timeout}, for example ${QUICK_TIMEOUT_SECONDS}.`,
    ]);
  return Math.round(seconds * 1000);
}

function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

export async function readConfig(file: string): Promise<ConfigFile> {
  try {
    const parsed = ConfigFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : { tokens: {} };
  } catch {
    return { tokens: {} };
  }
}

/** Keeps (or with undefined forgets) the token for a platform; the file is the owner's alone (0600). */
export async function saveToken(
  file: string,
  baseUrl: string,
  token: string | undefined,
): Promise<void> {
  const config = await readConfig(file);
  const tokens = { ...config.tokens };
  if (token) tokens[originOf(baseUrl)] = token;
  else delete tokens[originOf(baseUrl)];
  await writePrivateFile(file, `${JSON.stringify({ ...config, tokens }, undefined, 2)}\n`);
}

/** Writes a file of the config folder whole (a crash leaves the old one), the owner's alone (0600). */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  // writeFile's mode applies only to new files, and umask may have widened it.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
