import { API_PATHS } from '../api/paths';
import { callOptions, type CallOptions } from '../call-options';
import { StorageGetResponse, type SessionData } from '../api/storage';
import type { Lease, RequestOptions } from '../internal/request-options';
import { answerOf, APIPromise, type Answer } from '../api-promise';
import { requestIdOf, type Transport } from '../internal/transport';
import { PreconditionFailedError, UnknownError } from '../errors';

export interface StorageOptions extends CallOptions {
  /** Keeps each app version's data apart (?appVersion=). */
  appVersion?: string;
}

/** A write's options: a storage call's, and its own Idempotency-Key (one is made when absent). */
export interface StorageWriteOptions extends StorageOptions {
  /** The same on every retry of this write; another write needs another key. */
  idempotencyKey?: string;
}

/** The stored object and its version; etag is undefined when the platform does not version it. */
export interface StorageSnapshot {
  sessionData: SessionData;
  etag?: string;
}

/** A change to one key's value, given the freshest stored value (undefined when absent). */
export type StorageEdit = (current: unknown) => unknown;

/** Concurrent writers rarely collide more than once or twice; past this something else is wrong. */
const MAX_WRITE_CONFLICTS = 5;

/** GET/PUT/DELETE /v1/storage: the user's whole sessionData, written with If-Match when versioned. */
export class Storage {
  constructor(private readonly client: Transport) {}

  get(options: StorageOptions = {}): APIPromise<StorageSnapshot> {
    return APIPromise.from(() =>
      this.client.openWith(this.#request('GET', options), async (lease) => {
        const body = await lease.response.text();
        const snapshot = { ...readJson(body, StorageGetResponse), etag: etagOf(lease) };
        lease.close();
        return answered(lease, snapshot, body);
      }),
    );
  }

  /**
   * Writes the whole sessionData; with ifMatch, a newer stored version answers 412. It carries an
   * Idempotency-Key (`idempotencyKey`, or one made for it), the same on every retry.
   */
  put(
    sessionData: SessionData,
    options: StorageWriteOptions & { ifMatch?: string } = {},
  ): APIPromise<{ etag?: string }> {
    const request = this.#request('PUT', options);
    request.body = { sessionData };
    if (options.ifMatch) request.headers = { ...request.headers, 'if-match': options.ifMatch };
    return APIPromise.from(() =>
      this.client.openWith(request, async (lease) => {
        const body = await lease.response.text();
        lease.close();
        return answered(lease, { etag: etagOf(lease) }, body);
      }),
    );
  }

  /** Removes the user's whole sessionData, with an Idempotency-Key as `put` has. */
  delete(options: StorageWriteOptions = {}): APIPromise<void> {
    return this.client.request(this.#request('DELETE', options)).map(() => undefined);
  }

  /**
   * Changes one key and keeps every other: re-reads, writes with If-Match, and on 412 starts again
   * on the fresh data. Given a function, it is applied to the key's fresh value on every attempt, so
   * another writer's changes to the same key survive (a plain value overwrites theirs). A result of
   * undefined removes the key. Resolves to the sessionData written; `.withResponse()` and
   * `.asResponse()` give the platform's answer to the write that went through.
   */
  update(key: string, edit: StorageEdit, options?: StorageOptions): APIPromise<SessionData>;
  update(key: string, value: unknown, options?: StorageOptions): APIPromise<SessionData>;
  update(key: string, next: unknown, options: StorageOptions = {}): APIPromise<SessionData> {
    const edit: StorageEdit = typeof next === 'function' ? (next as StorageEdit) : () => next;
    // Each write is another request (another body): each has its own Idempotency-Key.
    const { idempotencyKey: _once, ...each } = options as StorageWriteOptions;
    return APIPromise.from(async () => {
      for (let conflict = 0; ; conflict++) {
        const { sessionData, etag } = await this.get(each);
        const value = edit(sessionData[key]);
        const written = { ...sessionData };
        if (value === undefined) delete written[key];
        else written[key] = value;
        try {
          return await answerOf(this.put(written, { ...each, ifMatch: etag }).map(() => written));
        } catch (error) {
          if (!(error instanceof PreconditionFailedError)) throw error;
          if (conflict + 1 >= MAX_WRITE_CONFLICTS) throw error;
          this.client.log(
            'info',
            `storage write conflict on '${key}'; editing the fresh data again`,
          );
        }
      }
    });
  }

  #request(method: RequestOptions['method'], options: StorageWriteOptions): RequestOptions {
    return {
      method,
      path: API_PATHS.storage,
      query: { appVersion: options.appVersion },
      ...callOptions(options),
      idempotencyKey: method === 'GET' ? undefined : options.idempotencyKey,
    };
  }
}

const answered = <T>(lease: Lease, data: T, body: string): Answer<T> => ({
  data,
  response: lease.response,
  requestId: requestIdOf(lease),
  body,
});

const etagOf = (lease: Lease) => lease.response.headers.get('etag') ?? undefined;

function readJson<T>(
  text: string,
  schema: {
    safeParse(data: unknown): { success: true; data: T } | { success: false; error: Error };
  },
): T {
  const parsed = schema.safeParse(text ? JSON.parse(text) : {});
  if (parsed.success) return parsed.data;
  throw new UnknownError({
    message: `Unexpected answer from ${API_PATHS.storage}: ${parsed.error.message}`,
  });
}
