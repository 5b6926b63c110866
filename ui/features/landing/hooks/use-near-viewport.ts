import { useEffect, useState, type RefObject } from 'react';

/** How far ahead of the viewport media starts loading: a swipe or a scroll flick away. */
const AHEAD = '300px';

/**
 * True once the element has come within AHEAD of the viewport, and from then on. Where the browser
 * has no IntersectionObserver it is true at once, so nothing stays unloaded.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  // Prerendered (no window) it is false: the page's HTML must not start every video.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
