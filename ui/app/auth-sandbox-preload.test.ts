import { describe, expect, it, vi } from 'vitest';
import { defaultPreloadTargets, preloadForSandbox } from './auth-sandbox-preload';

describe('preloadForSandbox', () => {
  const targets = defaultPreloadTargets('http://localhost:8787');

  it('defaults to the local platform for the user-profile endpoint and both image hosts', () => {
    expect(targets).toEqual({
      userProfile: 'http://localhost:8787/v1/storage',
      imageHosts: ['http://localhost:8787/files/', 'http://localhost:8787/media/'],
    });
  });

  it('sends a no-cors HEAD to each when the address contains sandbox', () => {
    const request = vi.fn(async () => undefined);
    expect(preloadForSandbox('https://x.sandbox.example.test/app', targets, request)).toBe(true);
    expect(request.mock.calls).toEqual(
      [targets.userProfile, ...targets.imageHosts].map((url) => [
        url,
        { method: 'HEAD', mode: 'no-cors', credentials: 'omit' },
      ]),
    );
  });

  it('does nothing on any other address', () => {
    const request = vi.fn(async () => undefined);
    expect(preloadForSandbox('https://example.test/?box=1', targets, request)).toBe(false);
    expect(request).not.toHaveBeenCalled();
  });

  it('swallows failures: a refused knock is expected', async () => {
    const request = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(() => preloadForSandbox('https://sandbox.test/', targets, request)).not.toThrow();
    await Promise.resolve();
  });
});
