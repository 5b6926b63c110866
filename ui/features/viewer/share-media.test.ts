import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareCreation, type FileSharing, type ShareEnvironment } from './share-media';

const clicks: string[] = [];

function environment(sharing?: Partial<FileSharing>): ShareEnvironment {
  return {
    fetch: vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith('.mp4')
        ? new Response('mp4', { headers: { 'content-type': 'video/mp4' } })
        : new Response('png', { headers: { 'content-type': 'image/png' } }),
    ) as unknown as typeof fetch,
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

const item = { imageUrl: '/files/1.png', videoUrl: '/files/1.mp4' };
const fileName = (kind: 'image' | 'video') =>
  kind === 'image' ? 'pawloween-image-1.png' : 'pawloween-video-1.mp4';

beforeEach(() => {
  clicks.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('shareCreation', () => {
  it('hands the picture and the video, named and typed, to the share sheet in one share', async () => {
    const env = environment({});
    await expect(shareCreation(item, fileName, env)).resolves.toBe('shared');
    expect(env.sharing!.share).toHaveBeenCalledOnce();
    const [data] = vi.mocked(env.sharing!.share).mock.calls[0]!;
    expect(data.files!.map((file) => [file.name, file.type])).toEqual([
      ['pawloween-image-1.png', 'image/png'],
      ['pawloween-video-1.mp4', 'video/mp4'],
    ]);
    expect(vi.mocked(env.sharing!.canShare).mock.calls[0]![0].files).toHaveLength(2);
    expect(clicks).toEqual([]);
  });

  it('a creation without a video shares its picture', async () => {
    const env = environment({});
    await shareCreation({ imageUrl: '/files/1.png', videoUrl: '' }, fileName, env);
    const [data] = vi.mocked(env.sharing!.share).mock.calls[0]!;
    expect(data.files!.map((file) => file.name)).toEqual(['pawloween-image-1.png']);
  });

  it('asks the page for its choice, never downloading silently, where files cannot be shared', async () => {
    await expect(
      shareCreation(item, fileName, environment({ canShare: () => false })),
    ).resolves.toBe('choose');
    await expect(shareCreation(item, fileName, environment())).resolves.toBe('choose');
    const refused = environment({
      share: async () => Promise.reject(new DOMException('no activation', 'NotAllowedError')),
    });
    await expect(shareCreation(item, fileName, refused)).resolves.toBe('choose');
    expect(clicks).toEqual([]);
  });

  it('closing the share sheet is not a failure: nothing else happens', async () => {
    const cancelled = environment({
      share: async () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    await expect(shareCreation(item, fileName, cancelled)).resolves.toBe('cancelled');
    expect(clicks).toEqual([]);
  });
});
