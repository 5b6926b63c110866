import type { z } from 'zod';
import { API_PATHS } from '../api/paths';
import { callOptions, type CallOptions } from '../call-options';
import { RunResponse, type ResponseFormat, type RunRequest } from '../api/run';
import { APIPromise, type Answer } from '../api-promise';
import type { Transport } from '../internal/transport';
import { streamContent, splitContent } from '../internal/streaming';
import type { StreamMode } from '../internal/stream-modes';
import { isZodSchema, parseStructured, toResponseFormat } from '../internal/structured-output';
import { requestIdOf, toPlatformError } from '../internal/transport';
import type { Lease } from '../internal/request-options';
import { readError } from '../transport-errors';
import { UnknownError } from '../errors';
import { anySignal, RunStream, type StreamHandle } from '../run-stream';
import { randomKey } from '../internal/build-request';
import { withDataUrls } from '../uploads';
import {
  NO_WORKFLOW_OUTPUT,
  WorkflowStreamReader,
  type WorkflowOutputEntry,
  type WorkflowResult,
  type WorkflowStreamEvent,
} from '../workflow-stream';

export interface RunParams<T = unknown> extends CallOptions {
  /** A model id, or 'workflow/{uuid}' for a workflow. */
  model: string;
  /**
   * The model's input. A File, Blob, bytes (Uint8Array, Buffer, ArrayBuffer), Response or file:
   * URL in it (at the top, or in a top-level list) is sent as an image's data: URL (10 MB at most).
   */
  input: RunRequest['input'];
  /** A response_format object, or a zod schema that becomes a strict json_schema. */
  response_format?: ResponseFormat | z.ZodType<T>;
  /** Reused by every retry; generated when absent. */
  idempotencyKey?: string;
}

export interface StreamParams extends RunParams {
  mode?: StreamMode;
  /** Longest quiet gap between chunks; the client's streamIdleTimeout by default. */
  idleTimeout?: number;
}

/**
 * A run's answer; `requestId` is the platform's id for the request (x-request-id), and
 * `idempotencyKey` the key that answers this run again (24 h, the same model and input).
 */
export type RunResult<T = unknown> = RunResponse & {
  parsed?: T;
  requestId?: string;
  idempotencyKey?: string;
};

/** A workflow run's answer: its `output` entries hold the image and video URLs, typed. */
export type WorkflowRunResult<T = unknown> = Omit<RunResult<T>, 'output'> & {
  output?: WorkflowOutputEntry[];
};

/** A workflow's id as the platform names it: 'workflow/' and the workflow's uuid. */
export type WorkflowModel = `workflow/${string}`;

/** A text model's stream: its text in pieces (by mode); finalResult() is the whole text. */
export type TextStream = RunStream<string, string>;
/** A workflow's stream: typed events; finalResult() is the whole answer. */
export type WorkflowStream = RunStream<WorkflowStreamEvent, WorkflowResult>;

const isWorkflow = (model: string): model is WorkflowModel => model.startsWith('workflow/');

/** POST /v1/run, answered whole or streamed over text/event-stream. */
export class Run {
  constructor(private readonly client: Transport) {}

  /**
   * A run answered whole; `.withResponse()` gives the Response too. A workflow's answer
   * ('workflow/...') has its outputs typed: `output[0].image_output.image` is the image's URL.
   */
  create<T = unknown>(
    params: RunParams<T> & { model: WorkflowModel },
  ): APIPromise<WorkflowRunResult<T>>;
  create<T = unknown>(params: RunParams<T>): APIPromise<RunResult<T>>;
  create<T = unknown>(params: RunParams<T>): APIPromise<RunResult<T>> {
    return APIPromise.from(() => this.#create(params));
  }

  async #create<T>(given: RunParams<T>): Promise<Answer<RunResult<T>>> {
    const params = { ...given, idempotencyKey: given.idempotencyKey ?? randomKey() };
    const started = Date.now();
    this.client.emit('ai-call-start', { model: params.model, stream: false });
    try {
      const { data, requestId, response, body } = await this.client.requestWithId(
        {
          method: 'POST',
          path: API_PATHS.run,
          body: await this.#body(params),
          ...options(params),
        },
        RunResponse,
      );
      const result: RunResult<T> = { ...data, requestId, idempotencyKey: params.idempotencyKey };
      if (isZodSchema(params.response_format))
        result.parsed = parseStructured(
          result.output,
          params.response_format as z.ZodType<T>,
          this.client.logger,
        );
      this.#complete(params.model, false, started, result.usage?.remainingCredits);
      return { data: result, response, requestId, body };
    } catch (error) {
      throw this.#fail(params.model, false, error);
    }
  }

  /**
   * Streams a run. A workflow ('workflow/...') yields typed events: its id once the platform names
   * it ({ type: 'run', runId }, before any output), each output as it exists ({ type: 'output',
   * key: 'image_output', url }), its usage, then { type: 'done', result }. A
   * model yields its text as chunks, letters or words (`mode`). Breaking out of the loop cancels
   * the request; `finalResult()` reads to the end.
   */
  stream(params: StreamParams & { model: WorkflowModel }): WorkflowStream;
  /** A model id only known as `string` may name a workflow: narrow the stream, or use streamText. */
  stream<M extends string>(
    params: StreamParams & { model: M },
  ): string extends M ? TextStream | WorkflowStream : TextStream;
  stream(params: StreamParams): WorkflowStream | TextStream {
    if (isWorkflow(params.model)) return this.#workflowStream(params);
    return this.streamText(params);
  }

  /** Any run's content as text, split by mode (a workflow's: the JSON pieces it streams). */
  streamText(params: StreamParams): TextStream {
    return new RunStream<string, string>({
      open: (stream) => this.#text(keyed(params, stream), stream),
      resume: (key, call) => this.streamText(resumed(params, key, call)),
      raw: (key, signal) => this.#raw(params, key, signal),
    });
  }

  #workflowStream(params: StreamParams): WorkflowStream {
    return new RunStream<WorkflowStreamEvent, WorkflowResult>({
      open: (stream) => this.#workflowEvents(keyed(params, stream), stream),
      resume: (key, call) => this.#workflowStream(resumed(params, key, call)),
      raw: (key, signal) => this.#raw(params, key, signal),
    });
  }

  async *#text(
    params: StreamParams,
    stream: StreamHandle,
  ): AsyncGenerator<string, string, undefined> {
    const started = Date.now();
    let whole = '';
    // A workflow's content is its answer's JSON: its first piece names the run (stream.runId).
    const reader = isWorkflow(params.model) ? new WorkflowStreamReader() : undefined;
    for await (const piece of this.#content(params, stream, params.mode)) {
      whole += piece;
      if (reader && !stream.runId) {
        reader.push(piece);
        stream.runId = reader.result.id;
      }
      yield piece;
    }
    this.#complete(params.model, true, started);
    return whole;
  }

  async *#workflowEvents(
    params: StreamParams,
    stream: StreamHandle,
  ): AsyncGenerator<WorkflowStreamEvent, WorkflowResult, undefined> {
    const started = Date.now();
    const reader = new WorkflowStreamReader();
    for await (const piece of this.#content(params, stream, 'chunk')) {
      const events = reader.push(piece);
      stream.runId ??= reader.result.id;
      yield* events;
    }
    const result = { ...reader.result, requestId: stream.requestId };
    if (result.output.length === 0)
      throw this.#fail(
        params.model,
        true,
        new UnknownError({ message: NO_WORKFLOW_OUTPUT, requestId: stream.requestId }),
      );
    yield { type: 'done', result };
    this.#complete(params.model, true, started, result.usage?.remainingCredits);
    return result;
  }

  /** The run's content pieces, split by mode; the request is retried as one up to its first piece. */
  async *#content(
    params: StreamParams,
    stream: StreamHandle,
    mode: StreamMode | undefined,
  ): AsyncGenerator<string, void, undefined> {
    this.client.emit('ai-call-start', { model: params.model, stream: true });
    const idle = params.idleTimeout ?? this.client.options.streamIdleTimeout;
    try {
      // Everything up to the first content is retried as one; after that nothing is, as it was seen.
      const { lease, content, first } = await this.client.openWith(
        {
          method: 'POST',
          path: API_PATHS.run,
          body: { ...(await this.#body(params)), stream: true },
          ...options(params),
          signal: anySignal([params.signal, stream.signal]),
          headers: { ...params.headers, accept: 'text/event-stream' },
        },
        async (lease) => {
          stream.requestId = requestIdOf(lease);
          const content = streamContent(lease, idle, this.client.options.streamLimits);
          const first = await content.next();
          stream.answered(lease.response);
          return { lease, content, first };
        },
      );
      yield* splitContent(first, content, lease, mode);
    } catch (error) {
      throw this.#fail(params.model, true, error);
    }
  }

  /**
   * The streamed run's request, its answer handed over unread (`stream.asResponse()`): the queue
   * slot and timers are freed when its body ends or is cancelled. Refusals throw, typed.
   */
  async #raw(
    params: StreamParams,
    key: string | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    const idempotencyKey = key ?? params.idempotencyKey ?? randomKey();
    return this.client.openWith(
      {
        method: 'POST',
        path: API_PATHS.run,
        body: { ...(await this.#body(params)), stream: true },
        ...options({ ...params, idempotencyKey }),
        signal: anySignal([params.signal, signal]),
        headers: { ...params.headers, accept: 'text/event-stream' },
      },
      async (lease) => handedOver(lease),
    );
  }

  /** The request body, files in the input (Blob, File, bytes, a file: URL) turned into data: URLs. */
  async #body(params: RunParams): Promise<RunRequest> {
    const body: RunRequest = { model: params.model, input: await withDataUrls(params.input) };
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

/** The params with the stream's Idempotency-Key, made now so the caller can read it before the run answers. */
function keyed<P extends RunParams>(params: P, stream: StreamHandle): P {
  stream.idempotencyKey = params.idempotencyKey ?? randomKey();
  return { ...params, idempotencyKey: stream.idempotencyKey };
}

/** The params of a stream resumed under its key: the call's own options replaced by `call`'s. */
function resumed<P extends StreamParams>(params: P, idempotencyKey: string, call: CallOptions): P {
  const {
    signal: _signal,
    timeout: _timeout,
    maxRetries: _maxRetries,
    headers: _headers,
    ...rest
  } = params;
  return { ...rest, ...call, idempotencyKey } as P;
}

const options = (params: RunParams) => ({
  ...callOptions(params),
  idempotencyKey: params.idempotencyKey,
});

/** The lease's Response with a body that frees the lease when it ends, fails or is cancelled. */
function handedOver(lease: Lease): Response {
  const { response } = lease;
  const source = response.body?.getReader();
  if (!source) {
    lease.close();
    return response;
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.read();
        if (done) {
          lease.close();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        lease.close();
        controller.error(readError(lease, error));
      }
    },
    async cancel(reason) {
      lease.close();
      await source.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}
