import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_DEFAULTS } from '../domain/model/app-config';
import { bootstrap, type BootstrapDeps } from './bootstrap';

const PAGE = 'http://preview.test/preview/index.html';
const DATA = 'http://preview.test/preview/data.json';
const MANIFEST = 'http://preview.test/preview/assets/manifest.json';
const NO_DATA = 'No data.json found or invalid JSON, using default data';
const NO_MANIFEST = 'No assets/manifest.json found or invalid JSON, using default assets';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const manifest = {
  bundles: [{ name: 'pets', assets: [{ alias: 'dog1', src: '/presets/pets/dog1.png' }] }],
};

/** Serves both files and records the t each request carried. */
function serve(data: () => Response, assets: () => Response) {
  const seen: Record<string, string | null> = {};
  server.use(
    http.get(DATA, ({ request }) => {
      seen.data = new URL(request.url).searchParams.get('t');
      return data();
    }),
    http.get(MANIFEST, ({ request }) => {
      seen.manifest = new URL(request.url).searchParams.get('t');
      return assets();
    }),
  );
  return seen;
}

function deps(href: string, root: HTMLElement | null = {} as HTMLElement) {
  const console = { log: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const mount = vi.fn();
  const value: BootstrapDeps = {
    href,
    getRoot: () => root,
    fetch: (input, init) => fetch(input, init),
    now: () => 1_700_000_000_000,
    console,
    mount,
  };
  return { deps: value, console, mount, root };
}

describe('bootstrap', () => {
  it('sends the page t with both files and stamps every asset path with it', async () => {
    const seen = serve(
      () => HttpResponse.json({ CONSTANTS: { name: 'Catoween' } }),
      () => HttpResponse.json(manifest),
    );
    const { deps: d, mount, root, console } = deps(`${PAGE}?t=1234`);
    await bootstrap(d);
    expect(seen).toEqual({ data: '1234', manifest: '1234' });
    expect(mount).toHaveBeenCalledWith(root, {
      config: { ...APP_DEFAULTS, name: 'Catoween' },
      assets: { pets: { dog1: { path: '/presets/pets/dog1.png?t=1234' } } },
    });
    expect(console.log).not.toHaveBeenCalled();
  });

  it('uses the current time as t for the files but leaves asset paths unstamped without t', async () => {
    const seen = serve(
      () => HttpResponse.json({}),
      () => HttpResponse.json(manifest),
    );
    const { deps: d, mount } = deps(PAGE);
    await bootstrap(d);
    expect(seen).toEqual({ data: '1700000000000', manifest: '1700000000000' });
    expect(mount.mock.calls[0]?.[1].assets).toEqual({
      pets: { dog1: { path: '/presets/pets/dog1.png' } },
    });
  });

  it('falls back to default data and assets with the exact messages when both files are missing', async () => {
    serve(
      () => new HttpResponse('Not Found', { status: 404 }),
      () => new HttpResponse('Not Found', { status: 404 }),
    );
    const { deps: d, mount, root, console } = deps(`${PAGE}?t=1`);
    await bootstrap(d);
    expect(console.log).toHaveBeenCalledWith(NO_DATA);
    expect(console.log).toHaveBeenCalledWith(NO_MANIFEST);
    expect(mount).toHaveBeenCalledWith(root, {});
  });

  it('treats invalid JSON like a missing file', async () => {
    const broken = () =>
      new HttpResponse('{"bundles": [', { headers: { 'Content-Type': 'application/json' } });
    serve(broken, broken);
    const { deps: d, console, mount, root } = deps(PAGE);
    await bootstrap(d);
    expect(console.log.mock.calls).toEqual([[NO_DATA], [NO_MANIFEST]]);
    expect(mount).toHaveBeenCalledWith(root, {});
  });

  it('uses default assets and names each violation when the manifest breaks a rule', async () => {
    serve(
      () => HttpResponse.json({ CONSTANTS: { name: 'Kept' } }),
      () =>
        HttpResponse.json({ bundles: [{ name: 'pets', assets: [{ alias: 5, src: '/a.png' }] }] }),
    );
    const { deps: d, console, mount, root } = deps(PAGE);
    await bootstrap(d);
    expect(console.warn).toHaveBeenCalledWith(
      'assets/manifest.json: bundles[0].assets[0].alias: expected a non-empty string, received number',
    );
    expect(console.log.mock.calls).toEqual([[NO_MANIFEST]]);
    expect(mount).toHaveBeenCalledWith(root, { config: { ...APP_DEFAULTS, name: 'Kept' } });
  });

  it('treats a data.json that is not an object as invalid', async () => {
    serve(
      () => HttpResponse.json([1, 2]),
      () => HttpResponse.json(manifest),
    );
    const { deps: d, console } = deps(PAGE);
    const result = await bootstrap(d);
    expect(console.log.mock.calls).toEqual([[NO_DATA]]);
    expect(result.config).toBeUndefined();
  });

  it('logs Root element not found and mounts nothing without a root element', async () => {
    serve(
      () => HttpResponse.json({}),
      () => HttpResponse.json(manifest),
    );
    const { deps: d, console, mount } = deps(PAGE, null);
    const result = await bootstrap(d);
    expect(console.error).toHaveBeenCalledWith('Root element not found');
    expect(mount).not.toHaveBeenCalled();
    expect(result.mounted).toBe(false);
  });

  it('resolves the files against the page address', async () => {
    const seen: string[] = [];
    server.use(
      http.get('http://editor.test/games/42/data.json', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({});
      }),
      http.get('http://editor.test/games/42/assets/manifest.json', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({ bundles: [] });
      }),
    );
    await bootstrap(deps('http://editor.test/games/42/index.html?t=7').deps);
    expect(seen.sort()).toEqual([
      'http://editor.test/games/42/assets/manifest.json?t=7',
      'http://editor.test/games/42/data.json?t=7',
    ]);
  });
});
