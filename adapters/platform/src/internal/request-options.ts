import type { ClientOptions } from '../config';
import type { PlatformError } from '../errors';

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  timeout?: number;
  maxRetries?: number;
  /** Replaces the configured credentials with this bearer (the demo-project call sends the user key). */
  bearer?: string;
  /** Reused by every retry of this request; POST /v1/run gets one when none is given. */
  idempotencyKey?: string;
}

/** An answered request whose body is still to be read; close() frees its queue slot and timers. */
export interface Lease {
  readonly response: Response;
  /** Aborts when the caller aborts or the total timeout passes; `reason` is then the typed error. */
  readonly signal: AbortSignal;
  /** Cancels the request with a typed reason (a stream's idle watchdog). */
  abort(reason: PlatformError): void;
  close(): void;
}

export type Credentials = Pick<
  ClientOptions,
  'accessToken' | 'apiKey' | 'userKey' | 'getUserToken'
>;
