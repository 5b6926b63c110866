import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  recordingLogger,
  url,
  useMswServer,
  usageAndPlanHandlers,
} from '../../tests/support/msw-server';
import { createBrowserContainer } from './browser.container';
import type { WebStorage } from './local-storage';

const server = useMswServer();

class MapStorage implements WebStorage {
  readonly map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
}

const token = () => {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
};

describe('createBrowserContainer', () => {
  it('wires the session to localStorage and the platform client, storage to GET /v1/storage', async () => {
    const gallery = [{ id: '1', timestamp: 1, imageUrl: 'i', videoUrl: 'v', isFavorite: true }];
    server.use(
      http.get(url('/v1/storage'), () =>
        HttpResponse.json({ sessionData: { 'pet-gallery': gallery } }),
      ),
      http.put(url('/v1/storage'), () => HttpResponse.json({ success: true })),
      ...usageAndPlanHandlers(),
    );
    const storage = new MapStorage();
    const { services, client } = createBrowserContainer({
      storage,
      client: { baseUrl: BASE_URL, logger: recordingLogger(), maxRetries: 0 },
      session: { projectToken: 'proj' },
    });
    await services.session.start();
    const t = token();
    await services.session.acceptToken(t);
    expect(storage.map.get('subscribe-dev-access-token')).toBe(t);
    expect(client.authMode).toBe('access-token');
    await expect
      .poll(() => services.gallery.getSnapshot().counts)
      .toEqual({ all: 1, favorites: 1 });
    expect(JSON.parse(storage.map.get('pet-gallery') ?? '[]')).toEqual(gallery);
    services.session.dispose();
  });
});
