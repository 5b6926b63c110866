import type { z } from 'zod';
import { API_PATHS } from '../api/paths';
import { RunResponse, type ResponseFormat, type RunRequest } from '../api/run';
import type { Transport } from '../transport';
import { streamContent, splitContent } from '../streaming';
import type { StreamMode } from '../stream-modes';
import { isZodSchema, parseStructured, toResponseFormat } from '../structured-output';
import { toPlatformError } from '../transport';

export interface RunParams<T = unknown> {
  /** A model id, or 'workflow/{uuid}' for a workflow. */
  model: string;
  input: RunRequest['input'];
  /** A response_format object, or a zod schema that becomes a strict json_schema. */
  response_format?: ResponseFormat | z.ZodType<T>;
  signal?: AbortSignal;
  timeout?: number;
  /** Reused by every retry; generated when absent. */
  idempotencyKey?: string;
}

export interface StreamParams extends RunParams {
  mode?: StreamMode;
  /** Longest quiet gap between chunks; the client's streamIdleTimeout by default. */
  idleTimeout?: number;
}

export type RunResult<T = unknown> = RunResponse & { parsed?: T };

/** POST /v1/run, answered whole or streamed over text/event-stream. */
export class Run {
  constructor(private readonly client: Transport) {}

  async create<T = unknown>(params: RunParams<T>): Promise<RunResult<T>> {
    const started = Date.now();
    this.client.emit('ai-call-start', { model: params.model, stream: false });
    try {
      const result: RunResult<T> = await this.client.request(
        { method: 'POST', path: API_PATHS.run, body: this.#body(params), ...options(params) },
        RunResponse,
      );
      if (isZodSchema(params.response_format))
        result.parsed = parseStructured(
          result.output,
          params.response_format as z.ZodType<T>,
          this.client.logger,
        );
      this.#complete(params.model, false, started, result.usage?.remainingCredits);
      return result;
    } catch (error) {
      throw this.#fail(params.model, false, error);
    }
  }

  /** Yields the content as chunks, letters or words; breaking out of the loop cancels the request. */
  async *stream(params: StreamParams): AsyncGenerator<string, void, undefined> {
    const started = Date.now();
    this.client.emit('ai-call-start', { model: params.model, stream: true });
    const idle = params.idleTimeout ?? this.client.options.streamIdleTimeout;
    try {
      // Everything up to the first content is retried as one; after that nothing is, as it was seen.
      const { lease, content, first } = await this.client.openWith(
        {
          method: 'POST',
          path: API_PATHS.run,
          body: { ...this.#body(params), stream: true },
          headers: { accept: 'text/event-stream' },
          ...options(params),
        },
        async (lease) => {
          const content = streamContent(lease, idle);
          return { lease, content, first: await content.next() };
        },
      );
      yield* splitContent(first, content, lease, params.mode);
      this.#complete(params.model, true, started);
    } catch (error) {
      throw this.#fail(params.model, true, error);
    }
  }

  #body(params: RunParams): RunRequest {
    const body: RunRequest = { model: params.model, input: params.input };
    if (params.response_format)
      body.response_format = toResponseFormat(params.response_format, this.client.logger);
    return body;
  }

  #complete(model: string, stream: boolean, started: number, remainingCredits?: number) {
    this.client.emit('ai-call-complete', { model, stream, durationMs: Date.now() - started });
    this.client.emit('usage-changed', { model, remainingCredits });
  }

  #fail(model: string, stream: boolean, caught: unknown) {
    const error = toPlatformError(caught);
    if (error.name !== 'AbortError') this.client.emit('ai-call-error', { model, stream, error });
    return error;
  }
}

const options = ({ signal, timeout, idempotencyKey }: RunParams) => ({
  signal,
  timeout,
  idempotencyKey,
});
