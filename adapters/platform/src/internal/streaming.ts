import { ERROR_CODES } from '../api/error-codes';
import { STREAM_DONE, StreamEvent } from '../api/run';
import type { Lease } from './request-options';
import { PlatformError, UnknownError } from '../errors';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './stream-limits';
import { splitter, type StreamMode } from './stream-modes';
import { readError, StreamLimitError, TimeoutError } from '../transport-errors';

export { DEFAULT_STREAM_LIMITS, type StreamLimits };

export const NO_BODY_MESSAGE = 'No response body received for streaming request';

const NEWLINE = 0x0a;

/**
 * Data payloads of an SSE body ('data: ' lines), however the network cut it into chunks. A line
 * longer than limits.maxLineBytes, or a body longer than limits.maxStreamBytes, ends it with
 * StreamLimitError at once (and cancels the download): memory stays bounded by the limits.
 */
export async function* sseData(
  body: ReadableStream<Uint8Array>,
  {
    onChunk,
    onLine,
    signal,
    limits = UNLIMITED,
  }: {
    onChunk?: () => void;
    onLine?: () => void;
    signal?: AbortSignal;
    limits?: Pick<StreamLimits, 'maxLineBytes' | 'maxStreamBytes'>;
  } = {},
): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The text of the line still open, in pieces (joined only when a newline closes it).
  let pending: string[] = [];
  let pendingBytes = 0;
  let total = 0;
  // Aborting a fetch does not always end a body already being read: cancel the reader as well.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      total += value.byteLength;
      if (total > limits.maxStreamBytes)
        throw new StreamLimitError({ limit: 'stream-bytes', bytes: limits.maxStreamBytes });
      const last = value.lastIndexOf(NEWLINE);
      const first = last === -1 ? -1 : value.indexOf(NEWLINE);
      // The open line grows by the bytes up to the chunk's first newline (or all of them).
      if (pendingBytes + (first === -1 ? value.byteLength : first) > limits.maxLineBytes)
        throw new StreamLimitError({ limit: 'line-bytes', bytes: limits.maxLineBytes });
      const text = decoder.decode(value, { stream: true });
      if (last === -1) {
        pending.push(text);
        pendingBytes += value.byteLength;
        continue;
      }
      const lines = (pending.join('') + text).split('\n');
      // The last piece may be half a line: it waits for the next chunk.
      const rest = lines.pop() ?? '';
      pending = [rest];
      pendingBytes = value.byteLength - last - 1;
      if (lines.length >= 2) checkLines(value, first, last, limits.maxLineBytes);
      if (pendingBytes > limits.maxLineBytes)
        throw new StreamLimitError({ limit: 'line-bytes', bytes: limits.maxLineBytes });
      onLine?.();
      for (const line of lines) {
        const data = dataOf(line);
        if (data !== undefined) yield data;
      }
    }
    if (signal?.aborted) throw signal.reason;
    const data = dataOf(pending.join('') + decoder.decode());
    if (data !== undefined) yield data;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Leaving early (break, abort, error) must stop the download, not just stop reading it. Not
    // awaited: cancelling one branch of a tee'd body settles only once every branch is cancelled.
    reader.cancel().catch(() => {});
  }
}

const UNLIMITED = { maxLineBytes: Infinity, maxStreamBytes: Infinity };

/** The lines wholly inside one chunk (between its first and last newline) within the limit. */
function checkLines(chunk: Uint8Array, first: number, last: number, max: number): void {
  for (let start = first + 1; start <= last;) {
    const end = chunk.indexOf(NEWLINE, start);
    if (end - start > max) throw new StreamLimitError({ limit: 'line-bytes', bytes: max });
    start = end + 1;
  }
}

function dataOf(line: string): string | undefined {
  const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (!trimmed.startsWith('data:')) return undefined;
  return trimmed.slice(trimmed.startsWith('data: ') ? 6 : 5);
}

// Error frames carry a code but seldom a status; the status picks the error class.
const STATUS_OF_CODE: Record<string, number> = {
  [ERROR_CODES.validation]: 400,
  [ERROR_CODES.authentication]: 401,
  [ERROR_CODES.planUpgradeRequired]: 402,
  [ERROR_CODES.userUnsubscribed]: 402,
  [ERROR_CODES.insufficientBalance]: 402,
  [ERROR_CODES.accessDenied]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.idempotencyKeyReused]: 422,
  [ERROR_CODES.rateLimitExceeded]: 429,
  [ERROR_CODES.workflowUnavailable]: 503,
  [ERROR_CODES.serviceUnavailable]: 503,
};

/**
 * The content strings of a streamed run. An error frame becomes its typed error; the idle watchdog
 * and the caller's abort cut the request itself, and the typed reason is what is thrown.
 */
export async function* streamContent(
  lease: Lease,
  idleTimeoutMs: number,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): AsyncGenerator<string, void, undefined> {
  const { body } = lease.response;
  if (!body)
    throw new UnknownError({ message: NO_BODY_MESSAGE, statusCode: lease.response.status });
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lineDue: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => lease.abort(new TimeoutError({ timeoutMs: idleTimeoutMs, idle: true })),
      idleTimeoutMs,
    );
  };
  // Bytes that trickle in never end a line: this one watches for whole lines, not bytes.
  const watchLines = () => {
    clearTimeout(lineDue);
    lineDue = setTimeout(
      () => lease.abort(new StreamLimitError({ limit: 'line-time', ms: limits.lineTimeout })),
      limits.lineTimeout,
    );
  };
  const data = sseData(body, { onChunk: watch, onLine: watchLines, signal: lease.signal, limits });
  watch();
  watchLines();
  try {
    for await (const payload of data) {
      if (payload.trim() === STREAM_DONE) return;
      const event = parseEvent(payload);
      if (!event) continue;
      if ('error' in event) {
        const status = event.error.statusCode ?? STATUS_OF_CODE[event.error.code ?? ''] ?? 500;
        throw PlatformError.fromResponse(status, { error: event.error }, lease.response.headers);
      }
      yield event.content;
    }
  } catch (error) {
    throw readError(lease, error);
  } finally {
    clearTimeout(idle);
    clearTimeout(lineDue);
    await data.return(undefined);
  }
}

function parseEvent(payload: string): StreamEvent | undefined {
  try {
    const parsed = StreamEvent.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Splits content by mode and makes sure the request ends when the consumer stops reading. */
export async function* splitContent(
  first: IteratorResult<string, void>,
  rest: AsyncGenerator<string, void, undefined>,
  lease: Lease,
  mode: StreamMode | undefined,
): AsyncGenerator<string, void, undefined> {
  const split = splitter(mode);
  try {
    if (!first.done) yield* split.push(first.value);
    for await (const content of rest) yield* split.push(content);
    yield* split.flush();
  } finally {
    await rest.return(undefined);
    lease.close();
  }
}
