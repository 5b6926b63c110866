import { describe, expect, it } from 'vitest';
import { LocalStorage, type WebStorage } from './local-storage';

class MapStorage implements WebStorage {
  readonly map = new Map<string, string>();
  quota = Infinity;
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('LocalStorage (browser)', () => {
  it('reads, writes and removes strings; absent keys are undefined', () => {
    const store = new LocalStorage(new MapStorage());
    expect(store.getItem('k')).toBeUndefined();
    store.setItem('k', 'v');
    expect(store.getItem('k')).toBe('v');
    store.removeItem('k');
    expect(store.getItem('k')).toBeUndefined();
  });

  it('drops a write that exceeds the quota instead of throwing, and reports it', () => {
    const backing = new MapStorage();
    backing.quota = 3;
    const errors: unknown[] = [];
    const store = new LocalStorage(backing, (e) => errors.push(e));
    expect(store.setItem('k', 'too long')).toBe(false);
    expect(store.getItem('k')).toBeUndefined();
    expect(store.setItem('k', 'ok')).toBe(true);
    expect((errors[0] as DOMException).name).toBe('QuotaExceededError');
  });

  it('works as an empty store when storage is blocked', () => {
    const blocked: WebStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = new LocalStorage(blocked);
    expect(store.getItem('k')).toBeUndefined();
    expect(store.setItem('k', 'v')).toBe(false);
    expect(() => store.removeItem('k')).not.toThrow();
    expect(new LocalStorage(undefined).getItem('k')).toBeUndefined();
    expect(new LocalStorage(undefined).setItem('k', 'v')).toBe(false);
  });
});
