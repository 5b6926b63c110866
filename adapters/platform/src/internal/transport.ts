import type { z } from 'zod';
import { REQUEST_ID_HEADER } from '../api/error';
import { APIPromise, type Answer } from '../api-promise';
import { API_PATHS } from '../api/paths';
import { authMode, type AuthMode } from './auth-headers';
import { maskSecret } from './mask';
import { randomKey, requestHeaders, requestUrl } from './build-request';
import { CLIENT_DEFAULTS } from './defaults';
import type { Credentials, Lease, RequestOptions } from './request-options';
import {
  consoleLogger,
  isInsecureBaseUrl,
  leveledLogger,
  environmentSettings,
  resolveOptions,
  withEnvironment,
  ENVIRONMENT_VARIABLES,
  type ClientOptions,
  type Fetch,
  type FetchOptions,
  type Logger,
  type ResolvedOptions,
} from '../config';
import {
  AuthenticationError,
  PlatformError,
  RateLimitError,
  UnknownError,
  WorkflowUnavailableError,
} from '../errors';
import { ClientEventEmitter, type ClientEventName, type ClientEvents } from '../events';
import { RequestQueue } from './queue';
import {
  LONG_RATE_LIMIT_SECONDS,
  MAX_RETRY_AFTER_SECONDS,
  resetAt,
  retryAfterSeconds,
  retryDelay,
  sleep,
} from './retry';
import {
  AbortError,
  CorsRefusedError,
  NetworkError,
  readError,
  RedirectRefusedError,
  TimeoutError,
} from '../transport-errors';

/** Same-origin redirects the client follows by hand for one request, at most. */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * What the client's resources share and callers never see: the real credentials, the request
 * queue, retries and events. PlatformClient is its public face.
 */
export class Transport {
  readonly logger: Logger;
  #options: ResolvedOptions;
  readonly #fetch: Fetch;
  readonly #fetchOptions: FetchOptions;
  readonly #queue: RequestQueue;
  readonly #events = new ClientEventEmitter();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #runTimeout: number;

  constructor(options: ClientOptions = {}) {
    if (!options.fetch && typeof globalThis.fetch !== 'function')
      throw new PlatformError({
        message: 'fetch is not available. Please provide a fetch polyfill.',
        code: 'FETCH_UNAVAILABLE',
      });
    const environment = environmentSettings();
    this.#options = resolveOptions(withEnvironment(options, environment));
    // PAWLOWEEN_TIMEOUT is the wait of a quick call, as in the CLI: a run keeps its own.
    this.#runTimeout = options.timeout ?? CLIENT_DEFAULTS.timeout;
    if (!this.#options.allowInsecureHttp && isInsecureBaseUrl(this.#options.baseUrl))
      throw new PlatformError({
        message: `Refused to send credentials over plain http to ${new URL(this.#options.baseUrl).host}: use https, or set allowInsecureHttp when this network is yours.`,
        code: 'INSECURE_BASE_URL',
      });
    // Looked up per call so a fetch patched later (msw, polyfills) is the one used.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#fetchOptions = { ...options.fetchOptions };
    this.logger = leveledLogger(options.logger ?? consoleLogger, this.#options.logLevel);
    for (const problem of environment.unusable)
      this.logger.warn(
        `[platform] ${problem}${problem.includes('log level') ? `; using ${this.#options.logLevel}` : ''}`,
      );
    this.#queue = new RequestQueue(options.queue);
    if (this.authMode === 'demo')
      this.debug(
        `no access token and no API key (the apiKey option, or ${ENVIRONMENT_VARIABLES.apiKey} in the environment): demo mode, sign-in goes to the demo page`,
      );
  }

  get options(): Readonly<ResolvedOptions> {
    return this.#options;
  }

  get authMode(): AuthMode {
    return authMode(this.#options);
  }

  /** Swaps every credential at once (sign-in, sign-out); later calls use only these. */
  setCredentials(credentials: Credentials): void {
    const {
      accessToken: _accessToken,
      apiKey: _apiKey,
      userKey: _userKey,
      getUserToken: _getUserToken,
      ...settings
    } = this.#options;
    this.#options = resolveOptions({ ...settings, ...credentials });
  }

  on<E extends ClientEventName>(name: E, listener: (event: ClientEvents[E]) => void): () => void {
    return this.#events.on(name, listener);
  }

  emit<E extends ClientEventName>(name: E, event: ClientEvents[E]): void {
    this.#events.emit(name, event, (error) =>
      this.logger.error('[platform] event listener failed', error),
    );
  }

  /** True when debug lines are logged: callers on the per-call path build their message only then. */
  get debugging(): boolean {
    return this.#options.logLevel === 'debug';
  }

  debug(message: string, ...rest: unknown[]): void {
    if (this.debugging) this.logger.debug(`[platform] ${this.redact(message)}`, ...rest);
  }

  /** A line at `level`, any secret of the client in it masked (a platform message may echo one). */
  log(level: 'info' | 'warn' | 'error', message: string, ...rest: unknown[]): void {
    this.logger[level](`[platform] ${this.redact(message)}`, ...rest);
  }

  /** `text` with the access token, API key and user key in it shown masked ('***' and the last 4). */
  redact(text: string): string {
    const { accessToken, apiKey, userKey } = this.#options;
    let redacted = text;
    for (const secret of [accessToken, apiKey, userKey])
      if (secret && secret.length >= 4) redacted = redacted.split(secret).join(maskSecret(secret));
    return redacted;
  }

  /** One request, its JSON answer validated against schema when given; `.withResponse()` gives the Response too. */
  request<T = unknown>(options: RequestOptions, schema?: z.ZodType<T>): APIPromise<T> {
    return new APIPromise(this.requestWithId(options, schema));
  }

  /** As request, with the platform's answer and its id for the request (x-request-id) beside the data. */
  requestWithId<T = unknown>(options: RequestOptions, schema?: z.ZodType<T>): Promise<Answer<T>> {
    return this.openWith(options, async (lease) => {
      const text = await lease.response.text();
      lease.close();
      const { response } = lease;
      const requestId = requestIdOf(lease);
      const data: unknown = text ? JSON.parse(text) : undefined;
      if (!schema) return { data: data as T, response, requestId, body: text };
      const parsed = schema.safeParse(data);
      if (parsed.success) return { data: parsed.data, response, requestId, body: text };
      throw new UnknownError({
        message: `Unexpected answer from ${options.path}: ${parsed.error.message}`,
        statusCode: lease.response.status,
        requestId,
      });
    });
  }

  /**
   * Sends a request and hands its answered lease to `read`; a failure anywhere before `read`
   * resolves is retried as a whole. `read` owns the lease once it resolves (close it when done).
   */
  openWith<T>(options: RequestOptions, read: (lease: Lease) => Promise<T>): Promise<T> {
    const call = this.#openWith(options, read);
    this.#inFlight.add(call);
    const forget = () => this.#inFlight.delete(call);
    call.then(forget, forget);
    return call;
  }

  /**
   * Resolves once every call started before it has been answered (or failed), or after timeoutMs,
   * whichever comes first. Sign-out waits on it so calls already on their way are not refused by
   * the revocation that follows.
   */
  async settled(timeoutMs: number): Promise<void> {
    const pending = [...this.#inFlight];
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(pending), timeout]);
    clearTimeout(timer);
  }

  async #openWith<T>(options: RequestOptions, read: (lease: Lease) => Promise<T>): Promise<T> {
    // A run, and a storage write, carry an Idempotency-Key, the same on every retry (as Stripe
    // sends one with every POST): a write retried after a lost answer is known for a repeat.
    const request =
      this.#isRun(options) || isStorageWrite(options)
        ? { ...options, idempotencyKey: options.idempotencyKey ?? randomKey() }
        : options;
    const maxRetries = options.maxRetries ?? this.#options.maxRetries;
    for (let retry = 0; ; retry++) {
      const attempt: Attempt = {};
      try {
        const lease = await this.#send(request, retry, attempt);
        try {
          return await read(lease);
        } catch (error) {
          lease.close();
          throw readError(lease, error);
        }
      } catch (caught) {
        const error = toPlatformError(caught);
        // A 401 for credentials swapped out since (a sign-out, another account) says nothing about
        // the ones in use now.
        if (error instanceof AuthenticationError && attempt.sentWith === this.#options)
          this.emit('unauthorized', { error });
        // Even a 429 we give up on stops the other calls from hammering until the limit lifts.
        if (error instanceof RateLimitError) this.#respectRateLimit(error);
        if (retry >= maxRetries || !this.shouldRetry(error, request)) {
          this.#logFailure(request, error, retry);
          throw error;
        }
        const delay = retryDelay(error, retry);
        this.log(
          'info',
          `${request.method} ${request.path} failed (${failureOf(error)}); retry ${retry + 1} of ${maxRetries} in ${Math.round(delay)} ms`,
          {
            method: request.method,
            path: request.path,
            status: error.statusCode,
            code: error.code,
            requestId: error.requestId,
          } satisfies RequestLogFields,
        );
        await sleep(delay, options.signal);
      }
    }
  }

  /**
   * A call that failed for good: at 'error' when the platform or the network failed (5xx, no
   * answer), at 'warn' when the platform refused it (4xx); a lost If-Match race (412, which
   * `storage.update` settles itself) at 'info', and a cancel by the caller only at 'debug'.
   */
  #logFailure(request: RequestOptions, error: PlatformError, retry: number): void {
    const line = `${request.method} ${request.path} failed: ${failureOf(error)}${retry ? ` after ${retry} ${retry === 1 ? 'retry' : 'retries'}` : ''}: ${error.message}`;
    const meta: RequestLogFields = {
      method: request.method,
      path: request.path,
      status: error.statusCode,
      code: error.code,
      requestId: error.requestId,
    };
    if (error instanceof AbortError) return this.debug(line);
    const status = error.statusCode ?? 0;
    if (status === 412) return this.log('info', line, meta);
    this.log(status >= 400 && status < 500 ? 'warn' : 'error', line, meta);
  }

  /** The one retry rule: network errors, 408, 429 and 5xx except WORKFLOW_UNAVAILABLE. */
  shouldRetry(error: PlatformError, request: Pick<RequestOptions, 'method' | 'path'>): boolean {
    if (error instanceof AbortError || error instanceof CorsRefusedError) return false;
    const noAnswer = error instanceof NetworkError || error instanceof TimeoutError;
    const status = error.statusCode ?? 0;
    if (
      error instanceof RateLimitError &&
      (retryAfterSeconds(error) ?? 0) > MAX_RETRY_AFTER_SECONDS
    )
      return false;
    const retryable =
      noAnswer ||
      status === 408 ||
      status === 429 ||
      (status >= 500 && !(error instanceof WorkflowUnavailableError));
    if (!retryable || !this.#isRun(request)) return retryable;
    // A run may have spent credits: retry only when it surely never started.
    return noAnswer || status === 408 || status === 429 || notStarted(error);
  }

  #isRun(request: Pick<RequestOptions, 'method' | 'path'>): boolean {
    return request.method === 'POST' && request.path === API_PATHS.run;
  }

  #respectRateLimit(error: RateLimitError): void {
    const seconds = retryAfterSeconds(error);
    const until = resetAt(error);
    if (until !== undefined && (seconds ?? (until - Date.now()) / 1000) > LONG_RATE_LIMIT_SECONDS) {
      this.debug(`rate limited: queue paused until ${new Date(until).toISOString()}`);
      this.#queue.pauseUntil(until);
    }
  }

  async #send(request: RequestOptions, retry: number, attempt: Attempt): Promise<Lease> {
    const { signal } = request;
    if (signal?.aborted) throw new AbortError({ cause: signal.reason });
    const release = await this.#queue.acquire(signal).catch((reason: unknown) => {
      throw new AbortError({ cause: reason });
    });
    const options = this.#options;
    attempt.sentWith = options;
    const controller = new AbortController();
    const timeoutMs =
      request.timeout ?? (this.#isRun(request) ? this.#runTimeout : options.timeout);
    const onAbort = () => controller.abort(new AbortError({ cause: signal?.reason }));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      release();
    };
    try {
      const url = requestUrl(options, request);
      const init: RequestInit = {
        ...this.#fetchOptions,
        method: request.method,
        headers: await requestHeaders(options, request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
      };
      const sent = Date.now();
      if (this.debugging) this.debug(`${request.method} ${url}${retry ? ` (retry ${retry})` : ''}`);
      const response = await this.#fetchOwnOrigin(url, init).catch(async (cause: unknown) => {
        if (cause instanceof RedirectRefusedError) throw cause;
        if (controller.signal.reason instanceof PlatformError) throw controller.signal.reason;
        const target = { method: request.method, url, cause };
        const origin = await this.#corsRefusal(url, cause, controller.signal);
        throw origin ? new CorsRefusedError({ ...target, origin }) : new NetworkError(target);
      });
      const outcome = `${request.method} ${request.path} -> ${response.status} in ${Date.now() - sent} ms`;
      const fields: RequestLogFields = {
        method: request.method,
        path: request.path,
        status: response.status,
        requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
      };
      // An answer that failed is logged once the call gives up or retries, with what it was.
      if (response.ok) this.log('info', outcome, fields);
      else this.debug(outcome, fields);
      if (response.ok)
        return {
          response,
          signal: controller.signal,
          abort: (reason) => controller.abort(reason),
          close,
        };
      const body = await response.text().catch(() => '');
      throw PlatformError.fromResponse(response.status, body, response.headers);
    } catch (error) {
      close();
      throw error;
    }
  }

  /**
   * In a browser, a cross-origin request the platform's CORS answer refuses fails like an outage
   * (a bare TypeError). Asked again with mode 'no-cors' (no credentials, an opaque answer), a host
   * that is there answers: then the page's origin was refused, and that origin is returned.
   */
  async #corsRefusal(
    url: string,
    cause: unknown,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const page = pageOrigin();
    if (!page || !(cause instanceof TypeError) || new URL(url).origin === page) return undefined;
    try {
      await this.#fetch(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', signal });
      return page;
    } catch {
      return undefined;
    }
  }

  /**
   * fetch with redirects taken by hand (redirect: 'manual'): fetch itself would follow one to any
   * origin and strip only Authorization, sending the platform headers (access, project and user
   * tokens) along. A redirect within the request's origin is followed, up to MAX_REDIRECTS; one
   * to any other origin is refused with RedirectRefusedError before anything is sent there. A
   * browser hides a redirect's target (an opaque redirect), so there every redirect is refused.
   */
  async #fetchOwnOrigin(url: string, init: RequestInit): Promise<Response> {
    const origin = new URL(url).origin;
    let current = url;
    let request: RequestInit = { ...init, redirect: 'manual' };
    for (let hop = 0; ; hop++) {
      const response = await this.#fetch(current, request);
      if (response.type === 'opaqueredirect') throw new RedirectRefusedError({});
      if (!REDIRECT_STATUSES.has(response.status)) return response;
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get('location') ?? '';
      const next = URL.canParse(location, current) ? new URL(location, current) : undefined;
      const refuse = (message?: string) =>
        new RedirectRefusedError({
          location: next?.href ?? location,
          ...(message ? { message } : {}),
          statusCode: response.status,
          requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
        });
      if (next?.origin !== origin) throw refuse();
      if (hop >= MAX_REDIRECTS)
        throw refuse(`Refused to follow more than ${MAX_REDIRECTS} redirects.`);
      this.debug(`redirect ${response.status} -> ${next.pathname}`);
      // As fetch does: 303, and 301/302 after a POST, go on as a GET without the body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && request.method === 'POST')
      )
        request = { ...request, method: 'GET', body: undefined };
      current = next.href;
    }
  }
}

const isStorageWrite = (request: Pick<RequestOptions, 'method' | 'path'>) =>
  request.path === API_PATHS.storage && (request.method === 'PUT' || request.method === 'DELETE');

/** One try of a call: the credentials it went out with, once known. */
interface Attempt {
  sentWith?: ResolvedOptions;
}

/**
 * A run the platform says it never started (details.started false) or charged nothing for
 * (context.charged false) can be sent again safely: nothing was spent.
 */
function notStarted(error: PlatformError): boolean {
  const { details, context } = error;
  const started =
    typeof details === 'object' && details !== null
      ? (details as { started?: unknown }).started
      : undefined;
  return started === false || context.charged === false;
}

/** The page's origin in a browser (http or https), else undefined. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && /^https?:/.test(origin) ? origin : undefined;
}

/**
 * What a request's log line carries after its message, for a logger that sorts or counts them:
 * `code` is there on the lines of a failure (a retry, or the call's end).
 */
export interface RequestLogFields {
  method: string;
  path: string;
  status?: number;
  code?: string;
  requestId?: string;
}

/** What went wrong, for a log line: the status and code, or the code alone without an answer. */
const failureOf = (error: PlatformError) =>
  error.statusCode ? `${error.statusCode} ${error.code}` : error.code;

/** The platform's id for an answered request. */
export const requestIdOf = (lease: Lease) =>
  lease.response.headers.get(REQUEST_ID_HEADER) ?? undefined;

/** Anything thrown inside the client leaves it as a PlatformError. */
export function toPlatformError(error: unknown): PlatformError {
  if (error instanceof PlatformError) return error;
  return new UnknownError({
    message: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
