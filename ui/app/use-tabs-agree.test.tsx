import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useTabsAgree } from './use-tabs-agree';

function shared() {
  return {
    takeDeviceCopy: vi.fn(),
    refreshOnReturn: vi.fn(async () => undefined),
  };
}

const balance = () => ({ refresh: vi.fn(async () => undefined) });

describe('useTabsAgree', () => {
  it('re-reads the credit balance when another tab stores the gallery (a creation paid for there)', () => {
    const credits = balance();
    renderHook(() => useTabsAgree(shared(), shared(), credits));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'user-profile', oldValue: '{}', newValue: '{"a":1}' }),
    );
    expect(credits.refresh).not.toHaveBeenCalled();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'pet-gallery', oldValue: '[]', newValue: '[{}]' }),
    );
    expect(credits.refresh).toHaveBeenCalledTimes(1);
  });

  it('takes the device copy when another tab stores the gallery, and ignores other keys', () => {
    const g = shared();
    renderHook(() => useTabsAgree(g, shared(), balance()));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user-profile', newValue: '{}' }));
    expect(g.takeDeviceCopy).not.toHaveBeenCalled();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'pet-gallery', oldValue: '[]', newValue: '[{}]' }),
    );
    expect(g.takeDeviceCopy).toHaveBeenCalledTimes(1);
    expect(g.refreshOnReturn).not.toHaveBeenCalled();
  });

  it('takes the device copy when another tab stores the profile (Account Settings there)', () => {
    const [g, p] = [shared(), shared()];
    renderHook(() => useTabsAgree(g, p, balance()));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'user-profile', oldValue: '{}', newValue: '{"a":1}' }),
    );
    expect(p.takeDeviceCopy).toHaveBeenCalledTimes(1);
    expect(g.takeDeviceCopy).not.toHaveBeenCalled();
    expect(p.refreshOnReturn).not.toHaveBeenCalled();
  });

  it('asks for a (throttled) platform read of both when the person comes back to the tab', () => {
    const [g, p] = [shared(), shared()];
    const { unmount } = renderHook(() => useTabsAgree(g, p, balance()));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(g.refreshOnReturn).toHaveBeenCalledTimes(2);
    expect(p.refreshOnReturn).toHaveBeenCalledTimes(2);
    unmount();
    window.dispatchEvent(new Event('focus'));
    expect(g.refreshOnReturn).toHaveBeenCalledTimes(2);
  });
});
