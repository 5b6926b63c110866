import { CLIENT_DEFAULTS } from './defaults';

/** How much of a stream the client reads before it gives up (ClientOptions.streamLimits). */
export interface StreamLimits {
  /** Bytes of one line (a `data:` payload and its prefix). */
  readonly maxLineBytes: number;
  /** Bytes of the whole stream. */
  readonly maxStreamBytes: number;
  /** Milliseconds without a complete line, however many bytes trickle in meanwhile. */
  readonly lineTimeout: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxLineBytes: CLIENT_DEFAULTS.streamMaxLineBytes,
  maxStreamBytes: CLIENT_DEFAULTS.streamMaxBytes,
  lineTimeout: CLIENT_DEFAULTS.streamLineTimeout,
};
