import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads of one medium before its card says it could not be loaded (retried after 1, 2, 4, 8 s). */
export const MEDIA_LOAD_ATTEMPTS = 5;
const FIRST_RETRY_MS = 1_000;

/** 'offline': a load failed with the device offline; the next try waits for the network. */
export type MediaLoadStatus = 'loading' | 'loaded' | 'failed' | 'offline';

interface LoadState {
  readonly url: string;
  /** The element's key: each try is a fresh element, so a fresh load. */
  readonly attempt: number;
  /** Failed loads while online since the last success or Retry. */
  readonly failures: number;
  readonly status: MediaLoadStatus;
  /** What the next try waits for. */
  readonly waiting?: 'online' | 'timer';
}

const fresh = (url: string): LoadState => ({ url, attempt: 0, failures: 0, status: 'loading' });

/**
 * Whether a result's image or video really loaded (issue 31: a success tick never stands over
 * media that did not load). A failed load is tried again, after a growing pause while online, or
 * when the device comes back online; after MEDIA_LOAD_ATTEMPTS failures it is 'failed'.
 */
export function useMediaLoad(url: string) {
  const [stored, setState] = useState(() => fresh(url));
  const state = stored.url === url ? stored : fresh(url);
  if (state !== stored) setState(state);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (!state.waiting) return;
    const next = () =>
      setState((s) => ({ ...s, attempt: s.attempt + 1, status: 'loading', waiting: undefined }));
    if (state.waiting === 'online') {
      window.addEventListener('online', next, { once: true });
      return () => window.removeEventListener('online', next);
    }
    const timer = setTimeout(next, FIRST_RETRY_MS * 2 ** Math.max(0, state.failures - 1));
    return () => clearTimeout(timer);
  }, [state.waiting, state.failures]);

  const onLoad = useCallback(
    () => setState((s) => ({ ...s, status: 'loaded', failures: 0, waiting: undefined })),
    [],
  );
  const onError = useCallback(() => {
    // Offline: wait for the network without using up the tries.
    if (!navigator.onLine) return setState((s) => ({ ...s, waiting: 'online' }));
    const failures = latest.current.failures + 1;
    setState((s) =>
      failures >= MEDIA_LOAD_ATTEMPTS
        ? { ...s, failures, status: 'failed', waiting: undefined }
        : { ...s, failures, waiting: 'timer' },
    );
  }, []);
  /** The card's Retry: load it again, with every try back. */
  const retry = useCallback(
    () =>
      setState((s) => ({
        ...s,
        attempt: s.attempt + 1,
        failures: 0,
        status: 'loading',
        waiting: undefined,
      })),
    [],
  );
  const status = state.waiting === 'online' ? 'offline' : state.status;
  return { status, attempt: state.attempt, onLoad, onError, retry };
}
