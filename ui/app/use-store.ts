import { useSyncExternalStore } from 'react';

/** Anything shaped like the domain's observable state (subscribe/getSnapshot). */
export interface Observable<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/** Reads a use case's state and re-renders when it changes. */
export function useStore<S>(store: Observable<S>): S {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
