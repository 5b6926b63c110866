/**
 * How this page reaches the platform, settled once before the app starts (README "Deploy").
 *
 * - Served by the local platform (`npm start`): index.html carries the project token in a meta tag,
 *   and the platform is the page's own origin. Nothing is fetched.
 * - Served as static files (`dist/` on any host): the app reads `pawloween.config.json` beside
 *   index.html, so one build serves every environment. Without that file it talks to its own
 *   origin, with the token a build baked in (VITE_PAWLOWEEN_PROJECT_TOKEN), or as a demo.
 */
export interface RuntimeConfig {
  readonly platformUrl: string;
  /** The sign-in page; the client derives it from platformUrl when this is undefined. */
  readonly authorizationUrl: string | undefined;
  readonly projectToken: string | undefined;
}

export const META = {
  projectToken: 'pawloween-project-token',
  platformUrl: 'pawloween-platform-url',
} as const;

/** The deployment's settings, beside index.html. */
export const CONFIG_FILE = 'pawloween.config.json';

const CONFIG_KEYS = ['platformUrl', 'authorizationUrl', 'projectToken'] as const;
type ConfigFile = Partial<Record<(typeof CONFIG_KEYS)[number], string>>;

/** A config file that is there but wrong: the app says so instead of calling the wrong host. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function meta(document: Document, name: string): string | undefined {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return value ? value : undefined;
}

const baked = () =>
  (import.meta.env.VITE_PAWLOWEEN_PROJECT_TOKEN as string | undefined) || undefined;

/** What the serving page says, with no request: the local platform's meta tags, else defaults. */
export function readRuntimeConfig(document: Document, location: Location): RuntimeConfig {
  return {
    // DESIGN.md "Embedded default": the app and the platform share one origin.
    platformUrl: meta(document, META.platformUrl) ?? location.origin,
    authorizationUrl: undefined,
    projectToken: meta(document, META.projectToken) ?? baked(),
  };
}

/**
 * The settings the app starts with: the serving page's meta tags when the local platform served it,
 * otherwise `pawloween.config.json` beside index.html, otherwise readRuntimeConfig's defaults.
 * Throws RuntimeConfigError when the file is there but cannot be used.
 */
export async function loadRuntimeConfig(
  document: Document,
  location: Location,
  fetchFile: typeof fetch = (input, init) => fetch(input, init),
): Promise<RuntimeConfig> {
  const fromPage = readRuntimeConfig(document, location);
  if (meta(document, META.projectToken)) return fromPage;
  const address = new URL(CONFIG_FILE, document.baseURI);
  let response: Response;
  try {
    response = await fetchFile(address, { cache: 'no-cache', credentials: 'omit' });
  } catch {
    // A host that is down serves no app either; what did load runs with the defaults.
    return fromPage;
  }
  if (response.status === 404) return fromPage;
  if (!response.ok)
    throw new RuntimeConfigError(`${CONFIG_FILE} could not be read (HTTP ${response.status}).`);
  const file = parseConfigFile(await response.text());
  return {
    platformUrl: file.platformUrl ?? fromPage.platformUrl,
    authorizationUrl: file.authorizationUrl,
    projectToken: file.projectToken ?? fromPage.projectToken,
  };
}

/** Checks the file strictly: a misspelt key must not silently send the app to the wrong host. */
export function parseConfigFile(text: string): ConfigFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError(`${CONFIG_FILE} is not JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RuntimeConfigError(`${CONFIG_FILE} must hold one JSON object.`);
  const unknown = Object.keys(value).filter(
    (key) => !(CONFIG_KEYS as readonly string[]).includes(key),
  );
  if (unknown.length > 0)
    throw new RuntimeConfigError(
      `${CONFIG_FILE} has unknown settings: ${unknown.join(', ')} (known: ${CONFIG_KEYS.join(', ')}).`,
    );
  const file: ConfigFile = {};
  for (const key of CONFIG_KEYS) {
    const setting = (value as Record<string, unknown>)[key];
    if (setting === undefined) continue;
    if (typeof setting !== 'string' || setting.trim() === '')
      throw new RuntimeConfigError(`${CONFIG_FILE}: ${key} must be a non-empty string.`);
    file[key] = key === 'projectToken' ? setting.trim() : webAddress(key, setting.trim());
  }
  return file;
}

function webAddress(key: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RuntimeConfigError(`${CONFIG_FILE}: ${key} must be a full address (https://...).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RuntimeConfigError(`${CONFIG_FILE}: ${key} must be an http or https address.`);
  if (url.username || url.password || url.search || url.hash)
    throw new RuntimeConfigError(
      `${CONFIG_FILE}: ${key} must be a plain address, without credentials, query or fragment.`,
    );
  return value.replace(/\/+$/, '');
}
