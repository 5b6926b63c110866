import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_LOAD_ATTEMPTS, useMediaLoad } from './use-media-load';

/** A result's picture as the result card draws it: an element per try, the status beside it. */
function Picture(props: { url: string }) {
  const load = useMediaLoad(props.url);
  return (
    <div>
      <p data-testid="status">{load.status}</p>
      {load.status === 'failed' ? (
        <button type="button" onClick={load.retry}>
          Retry
        </button>
      ) : (
        <img
          key={load.attempt}
          data-attempt={load.attempt}
          src={props.url}
          alt="costume"
          onLoad={load.onLoad}
          onError={load.onError}
        />
      )}
    </div>
  );
}

const status = () => screen.getByTestId('status').textContent;
const attempt = () => screen.getByRole('img').getAttribute('data-attempt');
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
});

describe('useMediaLoad: no success over media that did not load (issue 31)', () => {
  it('is loading until the element says it loaded', () => {
    render(<Picture url="/files/a.png" />);
    expect(status()).toBe('loading');
    fireEvent.load(screen.getByRole('img'));
    expect(status()).toBe('loaded');
  });

  it('online: a failed load is tried again after 1, 2, 4 and 8 s, then it is failed with Retry', () => {
    vi.useFakeTimers();
    render(<Picture url="/files/a.png" />);
    for (const [index, delay] of [1_000, 2_000, 4_000, 8_000].entries()) {
      fireEvent.error(screen.getByRole('img'));
      act(() => vi.advanceTimersByTime(delay - 1));
      expect(attempt()).toBe(String(index));
      act(() => vi.advanceTimersByTime(1));
      expect(attempt()).toBe(String(index + 1));
      expect(status()).toBe('loading');
    }
    fireEvent.error(screen.getByRole('img'));
    expect(status()).toBe('failed');
    expect(MEDIA_LOAD_ATTEMPTS).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(status()).toBe('loading');
    fireEvent.load(screen.getByRole('img'));
    expect(status()).toBe('loaded');
  });

  it('offline: waits for the network without using up its tries, then loads again', () => {
    vi.useFakeTimers();
    setOnline(false);
    render(<Picture url="/files/a.png" />);
    for (let i = 0; i < 10; i++) fireEvent.error(screen.getByRole('img'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(attempt()).toBe('0');
    // The card shows an offline note in its place, not a broken picture.
    expect(status()).toBe('offline');
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(attempt()).toBe('1');
    fireEvent.load(screen.getByRole('img'));
    expect(status()).toBe('loaded');
  });

  it('a new URL starts afresh', () => {
    const { rerender } = render(<Picture url="/files/a.png" />);
    fireEvent.load(screen.getByRole('img'));
    rerender(<Picture url="/files/b.png" />);
    expect(status()).toBe('loading');
    expect(attempt()).toBe('0');
  });
});
