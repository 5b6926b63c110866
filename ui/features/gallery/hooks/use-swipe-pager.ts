import { useRef, useState } from 'react';
import { LIMITS } from '../../../../domain/model/constants';

/**
 * One item at a time, moved by a horizontal swipe of at least LIMITS.swipeThresholdPx (the preset
 * carousels' threshold) or by the arrows. The index stays in range when items go away.
 */
export function useSwipePager(count: number) {
  const [wanted, setIndex] = useState(0);
  const touchStartX = useRef<number | undefined>(undefined);
  const index = Math.max(0, Math.min(wanted, count - 1));

  const next = () => setIndex(Math.min(index + 1, count - 1));
  const previous = () => setIndex(Math.max(index - 1, 0));

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
    if (distance < 0) next();
    else previous();
  };

  return {
    index,
    canPrevious: index > 0,
    canNext: index < count - 1,
    next,
    previous,
    swipeHandlers: { onTouchStart, onTouchEnd },
  };
}
