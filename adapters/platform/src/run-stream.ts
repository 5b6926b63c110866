import { PlatformError } from './errors';

/**
 * A streamed run. Iterate it (`for await`) for its events as they arrive; breaking out cancels the
 * request. `finalResult()` reads whatever is left and resolves to the whole answer, also after a
 * loop that ran to the end. One reader only: iterate it once, or not at all.
 */
export class RunStream<Event, Final> implements AsyncIterable<Event> {
  /** The platform's id for this request (x-request-id), known once the answer has begun. */
  requestId: string | undefined;
  readonly #events: AsyncGenerator<Event, Final, undefined>;
  #reader: AsyncGenerator<Event, void, undefined> | undefined;
  #final: { value: Final } | undefined;

  /** `open` is handed the stream so it can note the request id as soon as the answer begins. */
  constructor(open: (stream: RunStream<Event, Final>) => AsyncGenerator<Event, Final, undefined>) {
    this.#events = open(this);
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

  async *#read(): AsyncGenerator<Event, void, undefined> {
    const value = yield* this.#events;
    this.#final = { value };
  }
}
