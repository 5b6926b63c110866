/** A call's answer with what came with it: the `Response` (body already read) and its request id. */
export interface WithResponse<T> {
  data: T;
  /** The platform's answer; its body has been read, its status and headers are there to see. */
  response: Response;
  /** The platform's id for the request (x-request-id), for support. */
  requestId: string | undefined;
}

/**
 * A call's answer as the client holds it: WithResponse, and what `asResponse()` makes of it (the
 * answer's body, which the client has read, for a Response of its own).
 */
export interface Answer<T> extends WithResponse<T> {
  /** The answer's body as it came, when the client read it as text. */
  body?: string;
}

/** Each APIPromise's whole answer, for the client's own code (`answerOf`); never public. */
const ANSWERS = new WeakMap<APIPromise<unknown>, Promise<Answer<unknown>>>();

/** The whole answer of a call (its body included), for a call made of other calls. */
export const answerOf = <T>(call: APIPromise<T>) => ANSWERS.get(call) as Promise<Answer<T>>;

/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * What every method returns: a Promise of the answer's data that also offers `.withResponse()`,
 * the data with the raw `Response` and the request id, and `.asResponse()`, the platform's
 * `Response` alone with its body to read (as openai-node's APIPromise does). The request is sent
 * once, whichever is awaited.
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<Answer<T>>;
  #data: Promise<T> | undefined;

  constructor(answer: Promise<Answer<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
    ANSWERS.set(this, answer);
  }

  /**
   * Runs `call` now, as an async method would run up to its first await (its checks see the
   * credentials of the moment of the call); a throw in it rejects, never escapes.
   */
  static from<T>(call: () => Promise<Answer<T>>): APIPromise<T> {
    let answer: Promise<Answer<T>>;
    try {
      answer = call();
    } catch (error) {
      answer = Promise.reject(error);
    }
    return new APIPromise(answer);
  }

  /** The data with the raw `Response` (its body already read) and the request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer.then(({ data, response, requestId }) => ({ data, response, requestId }));
  }

  /**
   * The platform's `Response` with its body unread, for you to read: status, headers and the
   * answer as it came. Refusals still reject with their typed error, as with `await`.
   */
  asResponse(): Promise<Response> {
    return this.#answer.then(({ response, body }) => {
      if (body === undefined) return response;
      const { status, statusText, headers } = response;
      return new Response(NULL_BODY.has(status) ? null : body, { status, statusText, headers });
    });
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
