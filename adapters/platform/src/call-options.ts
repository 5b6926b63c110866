/** What every method takes for one call, over the client's own settings. */
export interface CallOptions {
  /** Cancels the call, retries and waits included. */
  signal?: AbortSignal;
  /** Milliseconds for this call (a stream's whole life); the client's `timeout` otherwise. */
  timeout?: number;
  /** Retries after the first attempt for this call; the client's `maxRetries` otherwise. */
  maxRetries?: number;
  /** Extra headers for this call, sent after the client's own (auth included). */
  headers?: Record<string, string>;
}

/** The CallOptions of a bag that may hold more. */
export const callOptions = ({
  signal,
  timeout,
  maxRetries,
  headers,
}: CallOptions): CallOptions => ({
  signal,
  timeout,
  maxRetries,
  headers,
});
