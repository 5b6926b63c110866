import { useRef } from 'react';
import { LIMITS } from '../../domain/model/constants';

/**
 * Touch handlers for a horizontal swipe: a finger that travels at least LIMITS.swipeThresholdPx
 * (SPEC.md section 9) to the left calls `onSwipeLeft` (show what comes next), to the right
 * `onSwipeRight`; a shorter move calls neither. Spread the result on the swiped element.
 */
export function useSwipe(actions: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  const touchStartX = useRef<number | undefined>(undefined);

  const onTouchStart = (event: React.TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX;
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const from = touchStartX.current;
    const to = event.changedTouches[0]?.clientX;
    touchStartX.current = undefined;
    if (from === undefined || to === undefined) return;
    const distance = to - from;
    if (Math.abs(distance) < LIMITS.swipeThresholdPx) return;
    if (distance < 0) actions.onSwipeLeft();
    else actions.onSwipeRight();
  };

  return { onTouchStart, onTouchEnd };
}
