import { ERROR_CODES } from './api/error';
import { STREAM_DONE, StreamEvent } from './api/run';
import type { Lease } from './request-options';
import { PlatformError, UnknownError } from './errors';
import { splitter, type StreamMode } from './stream-modes';
import { readError, TimeoutError } from './transport-errors';

export const NO_BODY_MESSAGE = 'No response body received for streaming request';

/** Data payloads of an SSE body ('data: ' lines), however the network cut it into chunks. */
export async function* sseData(
  body: ReadableStream<Uint8Array>,
  { onChunk, signal }: { onChunk?: () => void; signal?: AbortSignal } = {},
): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // Aborting a fetch does not always end a body already being read: cancel the reader as well.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      // The last piece may be half a line: it waits for the next chunk.
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = dataOf(line);
        if (data !== undefined) yield data;
      }
    }
    if (signal?.aborted) throw signal.reason;
    const data = dataOf(buffer + decoder.decode());
    if (data !== undefined) yield data;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Leaving early (break, abort, error) must stop the download, not just stop reading it. Not
    // awaited: cancelling one branch of a tee'd body settles only once every branch is cancelled.
    reader.cancel().catch(() => {});
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
): AsyncGenerator<string, void, undefined> {
  const { body } = lease.response;
  if (!body)
    throw new UnknownError({ message: NO_BODY_MESSAGE, statusCode: lease.response.status });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => lease.abort(new TimeoutError({ timeoutMs: idleTimeoutMs, idle: true })),
      idleTimeoutMs,
    );
  };
  const data = sseData(body, { onChunk: watch, signal: lease.signal });
  watch();
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
