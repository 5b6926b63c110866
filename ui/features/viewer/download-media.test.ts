import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadMedia, type DownloadEnvironment } from './download-media';

/** The platform on another origin than the page (its files served from there). */
const PLATFORM = 'https://cdn.example.com';

function environment(fetchImpl: DownloadEnvironment['fetch']) {
  const env: DownloadEnvironment = {
    fetch: vi.fn(fetchImpl),
    document,
    open: vi.fn(),
    createObjectURL: vi.fn(() => 'blob:http://app/1'),
    revokeObjectURL: vi.fn(),
  };
  return env;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('downloadMedia', () => {
  it('fetches a cross-origin file as a blob and saves it through <a download> under the given name', async () => {
    vi.useFakeTimers();
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    const env = environment(async () => new Response(new Blob(['png'], { type: 'image/png' })));

    await expect(
      downloadMedia('https://cdn.example.com/x.png', 'pawloween-image-1.png', env, PLATFORM),
    ).resolves.toBe('saved');
    expect(env.fetch).toHaveBeenCalledWith('https://cdn.example.com/x.png', {
      mode: 'cors',
      credentials: 'omit',
    });
    expect(clicks).toEqual([{ href: 'blob:http://app/1', download: 'pawloween-image-1.png' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(env.open).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(env.revokeObjectURL).toHaveBeenCalledWith('blob:http://app/1');
  });

  it('opens the URL instead when the file cannot be fetched (CORS refused, offline)', async () => {
    const env = environment(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      downloadMedia('https://cdn.example.com/x.mp4', 'v.mp4', env, PLATFORM),
    ).resolves.toBe('opened');
    expect(env.open).toHaveBeenCalledWith('https://cdn.example.com/x.mp4');
  });

  it('opens the URL when the server answers with an error', async () => {
    const env = environment(async () => new Response('gone', { status: 404 }));
    await expect(downloadMedia('/files/x.png', 'x.png', env)).resolves.toBe('opened');
    expect(env.open).toHaveBeenCalledWith('/files/x.png');
    expect(env.createObjectURL).not.toHaveBeenCalled();
  });
});
