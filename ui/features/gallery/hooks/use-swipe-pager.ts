import { useState } from 'react';
import { useSwipe } from '../../../components/use-swipe';

/**
 * One item at a time, moved by a horizontal swipe of at least LIMITS.swipeThresholdPx (the preset
 * carousels' threshold) or by the arrows. The index stays in range when items go away.
 */
export function useSwipePager(count: number) {
  const [wanted, setIndex] = useState(0);
  const index = Math.max(0, Math.min(wanted, count - 1));

  const next = () => setIndex(Math.min(index + 1, count - 1));
  const previous = () => setIndex(Math.max(index - 1, 0));

  const swipeHandlers = useSwipe({ onSwipeLeft: next, onSwipeRight: previous });

  return {
    index,
    canPrevious: index > 0,
    canNext: index < count - 1,
    next,
    previous,
    swipeHandlers,
  };
}
