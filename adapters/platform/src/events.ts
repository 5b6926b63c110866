import type { PlatformError } from './errors';

/** What the client announces, plus 401 notices for the auth side. */
export interface ClientEvents {
  'ai-call-start': { model: string; stream: boolean };
  'ai-call-complete': { model: string; stream: boolean; durationMs: number };
  'ai-call-error': { model: string; stream: boolean; error: PlatformError };
  'usage-changed': { model?: string; remainingCredits?: number };
  /** Any call answered 401: the app signs the user out silently. */
  unauthorized: { error: PlatformError };
}

export type ClientEventName = keyof ClientEvents;
type Listener<E extends ClientEventName> = (event: ClientEvents[E]) => void;

/** A few lines instead of node:events, so the library runs in browsers as it is. */
export class ClientEventEmitter {
  readonly #listeners = new Map<ClientEventName, Set<Listener<never>>>();

  /** Adds a listener and returns its remover. */
  on<E extends ClientEventName>(name: E, listener: Listener<E>): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.#listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  /** A listener that throws must not break the call that announced the event. */
  emit<E extends ClientEventName>(
    name: E,
    event: ClientEvents[E],
    onError?: (error: unknown) => void,
  ): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        (listener as Listener<E>)(event);
      } catch (error) {
        onError?.(error);
      }
    }
  }
}
