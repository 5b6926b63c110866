/** A call's answer with what came with it: the `Response` (body already read) and its request id. */
export interface WithResponse<T> {
  data: T;
  /** The platform's answer; its body has been read, its status and headers are there to see. */
  response: Response;
  /** The platform's id for the request (x-request-id), for support. */
  requestId: string | undefined;
}

/**
 * What every method returns: a Promise of the answer's data that also offers `.withResponse()`,
 * the data with the raw `Response` and the request id (as openai-node's APIPromise does). The
 * request is sent once, whichever of the two is awaited.
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(answer: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
  }

  /**
   * Runs `call` now, as an async method would run up to its first await (its checks see the
   * credentials of the moment of the call); a throw in it rejects, never escapes.
   */
  static from<T>(call: () => Promise<WithResponse<T>>): APIPromise<T> {
    let answer: Promise<WithResponse<T>>;
    try {
      answer = call();
    } catch (error) {
      answer = Promise.reject(error);
    }
    return new APIPromise(answer);
  }

  /** The data with the raw `Response` and the request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer;
  }

  /** This call with its data changed by `map`, the response and request id kept. */
  map<U>(map: (data: T) => U): APIPromise<U> {
    return new APIPromise(this.#answer.then((answer) => ({ ...answer, data: map(answer.data) })));
  }

  #parsed(): Promise<T> {
    this.#data ??= this.#answer.then((answer) => answer.data);
    return this.#data;
  }

  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  override catch<B = never>(
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<T | B> {
    return this.#parsed().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#parsed().finally(onfinally);
  }
}
