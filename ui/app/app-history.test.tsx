import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentEntry, useBackCloses, useHistoryView } from './app-history';

afterEach(() => vi.restoreAllMocks());

describe('the app in history.state', () => {
  it('puts a guard entry behind the first one and pushes a view change, keeping the address', () => {
    const address = window.location.href;
    const before = window.history.length;
    const { result } = renderHook(() => useHistoryView());
    expect(window.history.length).toBe(before + 1);
    act(() => result.current[1]('gallery'));
    expect(currentEntry()).toEqual({ view: 'gallery', layers: [], guard: undefined });
    expect(window.history.length).toBe(before + 2);
    expect(window.location.href).toBe(address);
  });

  it('inside a frame (the embedded preview) leaves the host page’s history alone', () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    const before = window.history.length;
    const { result } = renderHook(() => useHistoryView());
    act(() => result.current[1]('gallery'));
    renderHook(() => useBackCloses(true, () => undefined));
    expect(result.current[0]).toBe('gallery');
    expect(window.history.length).toBe(before);
    expect(currentEntry()).toBeUndefined();
  });
});
