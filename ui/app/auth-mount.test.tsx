import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../domain/model/constants';
import { fakeToken } from '../test-support/test-services';
import { mountApp } from './mount';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('mountApp and the sign-in return', () => {
  it('takes the token out of the address before the first render and before any request', async () => {
    const token = fakeToken({
      sub: 'u1',
      email: 'luna@example.com',
      exp: Date.now() / 1000 + 3600,
    });
    // The return of a sign-in this tab started: its state nonce comes back.
    window.sessionStorage.setItem('pawloween-sign-in-state', 'nonce-1');
    window.history.replaceState(null, '', `/?t=5&accessToken=${token}&state=nonce-1#gallery`);
    const requests: string[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      requests.push(String(input instanceof Request ? input.url : input));
      // Seen at request time: the token must already be gone.
      expect(window.location.search).toBe('?t=5');
      // A static host without a deployment file (README "Deploy"): the app's own origin.
      if (requests.at(-1)!.endsWith('/pawloween.config.json'))
        return new Response('not found', { status: 404 });
      return new Response('{}', { status: 503 });
    });
    const root = document.createElement('div');
    document.body.append(root);
    const search: string[] = [];
    const observer = new MutationObserver(() => search.push(window.location.search));
    observer.observe(root, { childList: true, subtree: true });

    mountApp(root);
    // Nothing rendered yet, and the address is already clean.
    expect(root.childElementCount).toBe(0);
    expect(window.location.search).toBe('?t=5');
    expect(window.location.hash).toBe('#gallery');
    expect(fetch).not.toHaveBeenCalled();

    // The whole app is its own chunk: it renders once that has loaded.
    await vi.waitFor(
      async () => {
        await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
        expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
      },
      // A bound for a hang: loading the chunk takes seconds on a busy 2-core machine.
      { timeout: 30_000 },
    );
    observer.disconnect();
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((value) => value === '?t=5')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
  });
});
