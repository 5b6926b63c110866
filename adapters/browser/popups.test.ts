import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isInFrame, openPopup, popupFeatures, watchWindow } from './popups';

function fakeWindow() {
  const win = { closed: false, close: vi.fn(() => void (win.closed = true)) };
  return win;
}

describe('openPopup', () => {
  it('opens a named popup of the given size centred over the window', () => {
    const popup = fakeWindow();
    const open = vi.fn(() => popup as unknown as Window);
    const host = { open, screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 };
    expect(
      openPopup(host, 'https://p.test/subscribe', 'pricing', { width: 800, height: 700 }),
    ).toBe(popup);
    expect(open).toHaveBeenCalledWith(
      'https://p.test/subscribe',
      'pricing',
      'popup=yes,width=800,height=700,left=400,top=150',
    );
  });

  it('answers undefined when the browser blocked the popup', () => {
    const size = { width: 600, height: 700 };
    expect(openPopup({ open: () => null }, '/a', 'n', size)).toBeUndefined();
    expect(
      openPopup({ open: () => ({ closed: true }) as Window }, '/a', 'n', size),
    ).toBeUndefined();
    expect(
      openPopup(
        {
          open: () => {
            throw new Error('blocked');
          },
        },
        '/a',
        'n',
        size,
      ),
    ).toBeUndefined();
  });

  it('never places the popup off screen', () => {
    expect(popupFeatures({ open: () => null }, { width: 600, height: 700 })).toBe(
      'popup=yes,width=600,height=700,left=0,top=0',
    );
  });
});

describe('isInFrame', () => {
  it('tells a frame from a top-level window', () => {
    const top = {} as Window;
    expect(isInFrame({ self: top, top } as unknown as Window)).toBe(false);
    expect(isInFrame({ self: {} as Window, top } as unknown as Window)).toBe(true);
  });

  it('counts a parent that throws on access as a frame', () => {
    const win = {
      self: {},
      get top(): Window {
        throw new Error('cross-origin');
      },
    };
    expect(isInFrame(win as unknown as Window)).toBe(true);
  });
});

describe('watchWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('notices a closed window at the next 1 s poll, once', () => {
    const popup = fakeWindow();
    const onClosed = vi.fn();
    watchWindow(popup, { pollMs: 1_000, maxMs: 600_000, onClosed });
    vi.advanceTimersByTime(5_000);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(999);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(10_000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('force-closes the window after 600 s', () => {
    const popup = fakeWindow();
    const onClosed = vi.fn();
    watchWindow(popup, { pollMs: 1_000, maxMs: 600_000, onClosed });
    vi.advanceTimersByTime(599_999);
    expect(popup.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stops polling when stopped, without closing the window', () => {
    const popup = fakeWindow();
    const onClosed = vi.fn();
    const stop = watchWindow(popup, { pollMs: 1_000, maxMs: 600_000, onClosed });
    stop();
    popup.closed = true;
    vi.advanceTimersByTime(700_000);
    expect(onClosed).not.toHaveBeenCalled();
    expect(popup.close).not.toHaveBeenCalled();
  });
});
