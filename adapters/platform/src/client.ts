import type { AuthMode } from './internal/auth-headers';
import type { ClientOptions, Logger, ResolvedOptions } from './config';
import type { ClientEventName, ClientEvents } from './events';
import type { Credentials } from './internal/request-options';
import { Pets } from './resources/pets';
import { Projects } from './resources/projects';
import { Run } from './resources/run';
import { Runs } from './resources/runs';
import { Sessions } from './resources/sessions';
import { Storage } from './resources/storage';
import { Subscriptions } from './resources/subscriptions';
import { Transport } from './internal/transport';
import { maskSecret } from './internal/mask';
import { authorizationPageUrl, pricingPageUrl } from './urls';

export { CLIENT_VERSION, USER_AGENT } from './internal/build-request';
export { maskSecret } from './internal/mask';
export type { Credentials } from './internal/request-options';

/** The client's settings as anyone may read them: every secret masked. */
export type PublicOptions = Omit<ResolvedOptions, 'getUserToken'> & { getUserToken?: 'function' };

/**
 * The platform client: sign-in pages, model runs, credits, subscription and storage. Requests,
 * retries, the queue and the credentials live in a Transport no caller can reach, so logging or
 * serialising a client never shows a token.
 */
export class PlatformClient {
  readonly run: Run;
  readonly runs: Runs;
  readonly subscriptions: Subscriptions;
  readonly storage: Storage;
  readonly projects: Projects;
  readonly sessions: Sessions;
  readonly pets: Pets;
  readonly #transport: Transport;
  readonly #given: ClientOptions;

  constructor(options: ClientOptions = {}) {
    const transport = new Transport(options);
    this.#given = { ...options };
    this.#transport = transport;
    this.run = new Run(transport);
    this.runs = new Runs(transport);
    this.subscriptions = new Subscriptions(transport);
    this.storage = new Storage(transport);
    this.projects = new Projects(transport);
    this.sessions = new Sessions(transport);
    this.pets = new Pets(transport);
  }

  /** The resolved settings with the access token, API key, user key and default headers' values masked ('***' and their last 4). */
  get options(): Readonly<PublicOptions> {
    return maskSecrets(this.#transport.options);
  }

  get logger(): Logger {
    return this.#transport.logger;
  }

  get authMode(): AuthMode {
    return this.#transport.authMode;
  }

  /**
   * A new client with these options over this one's (as openai-node's `withOptions`): the
   * credentials in use now, `fetch`, `logger` and the rest kept unless given. Its queue and
   * listeners are its own; this client is left as it is.
   *
   * ```ts
   * const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
   * ```
   */
  withOptions(options: ClientOptions): PlatformClient {
    const { accessToken, apiKey, userKey, getUserToken } = this.#transport.options;
    return new PlatformClient({
      ...this.#given,
      accessToken,
      apiKey,
      userKey,
      getUserToken,
      ...options,
    });
  }

  /** Swaps every credential at once (sign-in, sign-out); later calls use only these. */
  setCredentials(credentials: Credentials): void {
    this.#transport.setCredentials(credentials);
  }

  /** Adds a listener; returns its remover. */
  on<E extends ClientEventName>(name: E, listener: (event: ClientEvents[E]) => void): () => void {
    return this.#transport.on(name, listener);
  }

  /** Resolves once every call started before it is answered, or after timeoutMs. */
  settled(timeoutMs: number): Promise<void> {
    return this.#transport.settled(timeoutMs);
  }

  /** The authorization page for a sign-in by redirect, with the project token of this client. */
  signInUrl(redirectUri: string): string {
    const { authorizationUrl, apiKey } = this.#transport.options;
    return authorizationPageUrl({
      authorizationUrl,
      projectToken: apiKey,
      redirectUri,
      demo: this.authMode === 'demo',
    });
  }

  /** The pricing page carrying this client's credentials. */
  async pricingUrl(): Promise<string> {
    const { baseUrl, accessToken, apiKey, userKey, getUserToken } = this.#transport.options;
    if (accessToken) return pricingPageUrl(baseUrl, { accessToken });
    return pricingPageUrl(baseUrl, {
      projectToken: apiKey,
      userToken: userKey ?? (await getUserToken?.()),
    });
  }

  toJSON(): { options: Readonly<PublicOptions> } {
    return { options: this.options };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `PlatformClient ${JSON.stringify(this.options)}`;
  }
}

function maskSecrets(options: ResolvedOptions): PublicOptions {
  const { getUserToken, accessToken, apiKey, userKey, ...rest } = options;
  return {
    ...rest,
    // A default header may carry a key of its own (a proxy's): its value is masked like the rest.
    defaultHeaders: Object.fromEntries(
      Object.entries(rest.defaultHeaders).map(([name, value]) => [name, maskSecret(value)!]),
    ),
    accessToken: maskSecret(accessToken),
    apiKey: maskSecret(apiKey),
    userKey: maskSecret(userKey),
    ...(getUserToken ? { getUserToken: 'function' as const } : {}),
  };
}
