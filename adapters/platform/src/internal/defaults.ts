/** The platform's numbers the client needs, owned here so the library stands alone. */
export const CLIENT_DEFAULTS = {
  /** Milliseconds per request, a stream's whole life included. */
  timeout: 600_000,
  /** Retries after the first attempt. */
  maxRetries: 2,
  /** Longest quiet gap inside a stream. */
  streamIdleTimeout: 60_000,
  /** Longest line of a stream (bytes): a run's events are small; a text answer is at most 64 KiB. */
  streamMaxLineBytes: 8 * 1024 * 1024,
  /** Most bytes one stream may bring. */
  streamMaxBytes: 64 * 1024 * 1024,
  /** Longest time a stream may go without a complete line while bytes still trickle in. */
  streamLineTimeout: 60_000,
  /** Requests in flight at once, per client. */
  queueConcurrency: 10,
  /** Requests started in any window of queueIntervalMs. */
  queueIntervalCap: 60,
  queueIntervalMs: 60_000,
  /** Largest image a run takes (bytes), as the platform checks it: 10 MB. */
  maxImageBytes: 10 * 1024 * 1024,
  /** A token expiring within this margin counts as expired. */
  tokenExpiryMarginMs: 30_000,
} as const;
