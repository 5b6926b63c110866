import type { CallOptions } from './call-options';
import { PlatformError } from './errors';
import { AbortError } from './transport-errors';

/** What a stream's producer is handed: where to note the request id, and the stream's own abort signal. */
export interface StreamHandle {
  requestId: string | undefined;
  runId: string | undefined;
  idempotencyKey: string | undefined;
  readonly signal: AbortSignal;
  /** The platform took the run: its answer began (status and headers here), its first piece read. */
  answered(response: Response): void;
}

/** How a stream is made: its events, and the same run again or as a raw Response. */
export interface StreamSource<Event, Final> {
  /** Handed the stream, so it can note the request id as soon as the answer begins. */
  open: (stream: RunStream<Event, Final>) => AsyncGenerator<Event, Final, undefined>;
  /** The same run's stream again under its key. */
  resume?: (idempotencyKey: string, call: CallOptions) => RunStream<Event, Final>;
  /** The same request, its answer handed over unread (`asResponse()`), under this key. */
  raw?: (idempotencyKey: string | undefined, signal: AbortSignal) => Promise<Response>;
}

/** The stream's answer: the stream itself, ready to read, with the platform's Response and id. */
export interface StreamWithResponse<Stream> {
  data: Stream;
  /** The platform's answer (status, headers); its body is the stream's to read. */
  response: Response;
  requestId: string | undefined;
}

/**
 * A streamed run. Iterate it (`for await`) for its events as they arrive; breaking out, or
 * `abort()`, cancels the request. `finalResult()` reads whatever is left and resolves to the whole
 * answer, also after a loop that ran to the end. One reader only: iterate it once, or not at all,
 * or `tee()` it for two.
 */
export class RunStream<Event, Final> implements AsyncIterable<Event>, StreamHandle {
  /** The platform's id for this request (x-request-id), known once the answer has begun. */
  requestId: string | undefined;
  /**
   * The run's id, for `runs.get(id)` and `runs.cancel(id)`: a workflow run's is known from its
   * first event, before any output (a platform that sends none leaves it undefined until then).
   */
  runId: string | undefined;
  /**
   * The run's Idempotency-Key: sent again with the same model and input within 24 hours, the
   * platform answers with this run's stored result instead of running (and charging) it again.
   */
  idempotencyKey: string | undefined;
  readonly #controller = new AbortController();
  readonly #events: AsyncGenerator<Event, Final, undefined>;
  #reader: AsyncGenerator<Event, void, undefined> | undefined;
  #final: { value: Final } | undefined;
  readonly #source: StreamSource<Event, Final>;
  /** The first event (or the end), pulled early by withResponse() before anyone reads. */
  #first: Promise<IteratorResult<Event, Final>> | undefined;
  #response: Response | undefined;
  readonly #answered: Promise<void>;
  #settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor(source: StreamSource<Event, Final>) {
    this.#source = source;
    this.#answered = new Promise<void>((resolve, reject) => (this.#settle = { resolve, reject }));
    // Nobody may ever ask: a refusal is thrown to the reader, not left unhandled here.
    this.#answered.catch(() => {});
    this.#events = source.open(this);
  }

  /** Called by the producer once the platform took the run (see StreamHandle). */
  answered(response: Response): void {
    this.#response ??= response;
    this.#settle.resolve();
  }

  /**
   * Resolves once the platform took the run (its answer began, its first piece arrived), with the
   * stream, ready to read, and the platform's Response; rejects with the typed error when the
   * platform refused it (402, 404, 429...), before anything is read or relayed.
   */
  async withResponse(): Promise<StreamWithResponse<this>> {
    if (!this.#reader && !this.#first) this.#first = this.#pull();
    await this.#answered;
    return { data: this, response: this.#response!, requestId: this.requestId };
  }

  /**
   * The platform's Response to this run, its body (the `text/event-stream` as it comes) unread,
   * for you to read instead of the stream; refusals reject with their typed error. The stream
   * itself is then used up: it sends the request for you and no other.
   */
  async asResponse(): Promise<Response> {
    if (this.#reader || this.#first || !this.#source.raw)
      throw new PlatformError({
        message:
          'asResponse() must be called before the stream is read, and on the stream run.stream() made.',
        code: 'STREAM_USED',
      });
    const used = new PlatformError({
      message: 'This stream was handed over by asResponse(): read the Response instead.',
      code: 'STREAM_USED',
    });
    this.#reader = (async function* (): AsyncGenerator<Event, void, undefined> {
      yield* [];
      throw used;
    })();
    void this.#events.return(undefined as Final);
    return this.#source.raw(this.idempotencyKey, this.signal);
  }

  /** The next event of the producer; the first one settles `withResponse()` too. */
  #pull(): Promise<IteratorResult<Event, Final>> {
    const first = this.#first;
    if (first) {
      this.#first = undefined;
      return first;
    }
    const next = this.#events.next();
    next.then(
      () => this.#settle.resolve(),
      (error: unknown) => this.#settle.reject(error),
    );
    return next;
  }

  /**
   * The same run again, after a dropped connection, a reload (keep `idempotencyKey`) or an
   * `abort()`: sent with the same key, the platform joins the run if it is still going, or answers
   * with its stored result (24 h), and charges it once. A run every caller had left before it was
   * charged was stopped uncharged: the platform then runs it afresh. `call` gives this request's
   * own signal, timeout, retries and headers.
   */
  resume(call: CallOptions = {}): RunStream<Event, Final> {
    if (!this.#source.resume || !this.idempotencyKey)
      throw new PlatformError({
        message: 'This stream cannot be resumed: resume the stream it was made from.',
        code: 'STREAM_NOT_RESUMABLE',
      });
    return this.#source.resume(this.idempotencyKey, call);
  }

  /** Aborts when `abort()` is called: the request's signal, beside the caller's own. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Cancels the request; the loop (or `finalResult()`) then ends with AbortError. */
  abort(reason?: unknown): void {
    this.#controller.abort(new AbortError({ cause: reason }));
  }

  [Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    if (this.#reader)
      throw new PlatformError({
        message: 'This stream is already being read.',
        code: 'STREAM_USED',
      });
    this.#reader = this.#read();
    return this.#reader;
  }

  /** The whole answer: a workflow's RunResult, or a text stream's text. */
  async finalResult(): Promise<Final> {
    const reader = this.#reader ?? this[Symbol.asyncIterator]();
    while (!this.#final && !(await reader.next()).done);
    if (!this.#final)
      throw new PlatformError({
        message: 'The stream was left before its end, so its final result is unknown.',
        code: 'STREAM_LEFT',
      });
    return this.#final.value;
  }

  /**
   * Two streams of the same events (and final result) from this one request, each read at its own
   * pace; what one has read and the other not yet is kept for it. Aborting either aborts the request.
   */
  tee(): [RunStream<Event, Final>, RunStream<Event, Final>] {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the branches read this stream
    const parent = this;
    const reader = this[Symbol.asyncIterator]();
    const queues: [Promise<IteratorResult<Event, void>>[], Promise<IteratorResult<Event, void>>[]] =
      [[], []];
    const next = (side: 0 | 1) => {
      if (queues[side].length === 0) {
        const pulled = reader.next();
        queues[0].push(pulled);
        queues[1].push(pulled);
      }
      return queues[side].shift()!;
    };
    const branch = (side: 0 | 1) =>
      new RunStream<Event, Final>({
        open: async function* (stream) {
          stream.signal.addEventListener('abort', () => parent.abort(stream.signal.reason), {
            once: true,
          });
          for (;;) {
            const result = await next(side);
            stream.requestId = parent.requestId;
            stream.runId = parent.runId;
            stream.idempotencyKey = parent.idempotencyKey;
            if (parent.#response) stream.answered(parent.#response);
            if (result.done) return parent.#final!.value;
            yield result.value;
          }
        },
      });
    return [branch(0), branch(1)];
  }

  /**
   * The events as a byte stream of JSON lines (one event per line), to send on from a server
   * (a Response body) or hand to code that takes web streams. Cancelling it cancels the request.
   * It resolves once the platform took the run, so a refused one (402, 404, 429...) rejects with
   * its typed error before any byte is handed out (a server answers its own status then, not a
   * 200 whose body holds the refusal).
   */
  async toReadableStream(): Promise<ReadableStream<Uint8Array>> {
    await this.withResponse();
    const reader = this[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { value, done } = await reader.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await reader.return();
      },
    });
  }

  async *#read(): AsyncGenerator<Event, void, undefined> {
    let ended = false;
    try {
      for (;;) {
        const result = await this.#pull();
        if (result.done) {
          ended = true;
          this.#final = { value: result.value };
          return;
        }
        yield result.value;
      }
    } finally {
      // Left early (a break, a cancel): the producer is closed too, which ends the request.
      if (!ended) await this.#events.return(undefined as Final);
    }
  }
}

/** A signal that aborts when any of these does (AbortSignal.any, where the runtime has it not). */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length === 1) return present[0]!;
  const controller = new AbortController();
  for (const signal of present) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
