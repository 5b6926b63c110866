import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSwipe } from './use-swipe';

function Swipeable(props: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  return <div data-testid="area" {...useSwipe(props)} />;
}

function renderSwipeable() {
  const actions = { onSwipeLeft: vi.fn(), onSwipeRight: vi.fn() };
  render(<Swipeable {...actions} />);
  const area = screen.getByTestId('area');
  const start = (x: number) => fireEvent.touchStart(area, { touches: [{ clientX: x }] });
  const end = (x: number) => fireEvent.touchEnd(area, { changedTouches: [{ clientX: x }] });
  return { ...actions, start, end, swipe: (from: number, to: number) => (start(from), end(to)) };
}

describe('useSwipe', () => {
  it.each([
    ['onSwipeLeft', 'onSwipeRight', 200, 151, 150],
    ['onSwipeRight', 'onSwipeLeft', 100, 149, 150],
  ] as const)(
    'calls %s for a move of 50 px or more that way, and nothing for 49 px',
    (called, other, from, short, far) => {
      const actions = renderSwipeable();
      actions.swipe(from, short);
      expect(actions[called]).not.toHaveBeenCalled();
      actions.swipe(from, far);
      expect(actions[called]).toHaveBeenCalledTimes(1);
      expect(actions[other]).not.toHaveBeenCalled();
    },
  );

  it('counts a touch once: a touch end with no touch start of its own does nothing', () => {
    const { onSwipeLeft, onSwipeRight, start, end } = renderSwipeable();
    end(0);
    start(200);
    end(100);
    end(0);
    expect(onSwipeLeft).toHaveBeenCalledTimes(1);
    expect(onSwipeRight).not.toHaveBeenCalled();
  });
});
