import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../domain/model/constants';
import { useSwipe } from './use-swipe';

/**
 * Paging for a row of items that shows `visible` at a time: arrows move by LIMITS.carouselStep
 * (3) items at every width, a horizontal swipe of at least LIMITS.swipeThresholdPx does the same
 * (SPEC.md section 9). The stylesheet shows at least that many on any screen (a phone shows 3), so
 * no item is skipped.
 * The number of visible items comes from the CSS custom property --visible on the viewport element.
 */
export function useCarousel(count: number) {
  const viewport = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(1);
  const [start, setStart] = useState(0);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => {
      const value = Number.parseInt(getComputedStyle(element).getPropertyValue('--visible'), 10);
      setVisible(Number.isFinite(value) && value > 0 ? value : 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const maxStart = Math.max(0, count - visible);
  const clamped = Math.min(start, maxStart);
  const step = LIMITS.carouselStep;

  const next = useCallback(
    () => setStart((s) => Math.min(Math.min(s, maxStart) + step, maxStart)),
    [maxStart, step],
  );
  const previous = useCallback(
    () => setStart((s) => Math.max(Math.min(s, maxStart) - step, 0)),
    [maxStart, step],
  );

  const swipeHandlers = useSwipe({ onSwipeLeft: next, onSwipeRight: previous });

  return {
    viewport,
    start: clamped,
    visible,
    canPrevious: clamped > 0,
    canNext: clamped < maxStart,
    next,
    previous,
    /** Moves so that item `index` is in view (for keyboard focus on a selected item). */
    show: (index: number) =>
      setStart((s) =>
        index < s ? index : index >= s + visible ? Math.min(index - visible + 1, maxStart) : s,
      ),
    swipeHandlers,
  };
}
