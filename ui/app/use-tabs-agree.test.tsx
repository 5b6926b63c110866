import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Gallery } from '../../domain/use-cases/gallery';
import { useTabsAgree } from './use-tabs-agree';

function gallery() {
  return {
    takeDeviceCopy: vi.fn(),
    refreshOnReturn: vi.fn(async () => undefined),
  };
}

describe('useTabsAgree', () => {
  it('takes the device copy when another tab stores the gallery, and ignores other keys', () => {
    const g = gallery();
    renderHook(() => useTabsAgree(g as unknown as Gallery));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user-profile', newValue: '{}' }));
    expect(g.takeDeviceCopy).not.toHaveBeenCalled();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'pet-gallery', oldValue: '[]', newValue: '[{}]' }),
    );
    expect(g.takeDeviceCopy).toHaveBeenCalledTimes(1);
    expect(g.refreshOnReturn).not.toHaveBeenCalled();
  });

  it('asks for a (throttled) platform read when the person comes back to the tab', () => {
    const g = gallery();
    const { unmount } = renderHook(() => useTabsAgree(g as unknown as Gallery));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(g.refreshOnReturn).toHaveBeenCalledTimes(2);
    unmount();
    window.dispatchEvent(new Event('focus'));
    expect(g.refreshOnReturn).toHaveBeenCalledTimes(2);
  });
});
