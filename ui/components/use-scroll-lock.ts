import { useEffect } from 'react';

/** Locks page scrolling while the calling component is mounted and `active` (SPEC.md: progress overlay). */
export function useScrollLock(active = true): void {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, [active]);
}
