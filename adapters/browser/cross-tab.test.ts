// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchTokenInOtherTabs } from './cross-tab';

const KEY = 'subscribe-dev-access-token';
const removers: (() => void)[] = [];
afterEach(() => removers.splice(0).forEach((remove) => remove()));

function watch() {
  const changes = { onToken: vi.fn(), onRemoved: vi.fn() };
  removers.push(watchTokenInOtherTabs(window, KEY, changes));
  return changes;
}

const storage = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', init));

describe('watchTokenInOtherTabs', () => {
  it('reports a token another tab stored', () => {
    const changes = watch();
    storage({ key: KEY, oldValue: null, newValue: 'new-token' });
    expect(changes.onToken).toHaveBeenCalledWith('new-token');
    expect(changes.onRemoved).not.toHaveBeenCalled();
  });

  it('reports a token another tab removed, and a cleared storage', () => {
    const changes = watch();
    storage({ key: KEY, oldValue: 'old', newValue: null });
    storage({ key: null });
    expect(changes.onRemoved).toHaveBeenCalledTimes(2);
  });

  it('ignores other keys', () => {
    const changes = watch();
    storage({ key: 'pet-gallery', oldValue: '[]', newValue: '[1]' });
    expect(changes.onToken).not.toHaveBeenCalled();
    expect(changes.onRemoved).not.toHaveBeenCalled();
  });
});
