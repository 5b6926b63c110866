import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareMedia, type FileSharing, type ShareEnvironment } from './share-media';

const clicks: string[] = [];

function environment(sharing?: Partial<FileSharing>): ShareEnvironment {
  return {
    fetch: vi.fn(async () => new Response('mp4', { headers: { 'content-type': 'video/mp4' } })),
    document,
    open: vi.fn(),
    createObjectURL: vi.fn(() => 'blob:http://app/1'),
    revokeObjectURL: vi.fn(),
    sharing: sharing && {
      canShare: vi.fn(sharing.canShare ?? (() => true)),
      share: vi.fn(sharing.share ?? (async () => undefined)),
    },
  };
}

beforeEach(() => {
  clicks.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('shareMedia', () => {
  it('hands the file, named and typed, to the share sheet where files can be shared', async () => {
    const env = environment({});
    await expect(shareMedia('/files/1.mp4', 'pawloween-video-1.mp4', env)).resolves.toBe('shared');
    const [data] = vi.mocked(env.sharing!.share).mock.calls[0]!;
    const [file] = data.files!;
    expect(file!.name).toBe('pawloween-video-1.mp4');
    expect(file!.type).toBe('video/mp4');
    expect(clicks).toEqual([]);
  });

  it('downloads instead where the browser cannot share files, or has no share sheet', async () => {
    await expect(
      shareMedia('/files/1.png', 'pawloween-image-1.png', environment({ canShare: () => false })),
    ).resolves.toBe('saved');
    await expect(shareMedia('/files/1.png', 'pawloween-image-1.png', environment())).resolves.toBe(
      'saved',
    );
    expect(clicks).toEqual(['pawloween-image-1.png', 'pawloween-image-1.png']);
  });

  it('closing the share sheet downloads nothing; a refused share downloads', async () => {
    const cancelled = environment({
      share: async () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    await expect(shareMedia('/files/1.mp4', 'v.mp4', cancelled)).resolves.toBe('cancelled');
    expect(clicks).toEqual([]);
    const refused = environment({
      share: async () => Promise.reject(new DOMException('no activation', 'NotAllowedError')),
    });
    await expect(shareMedia('/files/1.mp4', 'v.mp4', refused)).resolves.toBe('saved');
    expect(clicks).toEqual(['v.mp4']);
  });
});
