import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '../../../../domain/model/gallery-item';
import { downloadFileName } from '../../../../domain/use-cases/gallery';
import { downloadMedia, type DownloadEnvironment } from '../download-media';
import { Viewer } from './viewer';

const withVideo: GalleryItem = {
  id: '1730000000000',
  timestamp: 1730000000000,
  imageUrl: '/files/a.png',
  videoUrl: '/files/a.mp4',
  isFavorite: false,
};
const imageOnly: GalleryItem = { ...withVideo, videoUrl: '' };

function fakeDownloads() {
  const env: DownloadEnvironment = {
    fetch: vi.fn(async () => new Response(new Blob(['media']))),
    document,
    open: vi.fn(),
    createObjectURL: vi.fn(() => 'blob:media'),
    revokeObjectURL: vi.fn(),
  };
  return { env };
}

function renderViewer(item: GalleryItem, env?: DownloadEnvironment) {
  const onClose = vi.fn();
  const onToggleFavorite = vi.fn();
  const view = render(
    <Viewer
      item={item}
      onClose={onClose}
      onToggleFavorite={onToggleFavorite}
      fileName={(kind) => downloadFileName('Pawloween', kind, item.id)}
      downloadEnvironment={env}
    />,
  );
  return { onClose, onToggleFavorite, ...view };
}

/** jsdom has no media playback: play and pause only flip `paused`. */
function stubPlayback() {
  let paused = true;
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
  const play = vi
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(async () => void (paused = false));
  const pause = vi
    .spyOn(HTMLMediaElement.prototype, 'pause')
    .mockImplementation(() => void (paused = true));
  return { play, pause, isPaused: () => paused };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Viewer', () => {
  it('shows the video with controls and the image as poster, and offers both downloads', () => {
    renderViewer(withVideo);
    const video = screen.getByLabelText('Costume video') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/files/a.png');
    expect(video).toHaveAttribute('src', '/files/a.mp4');
    expect(screen.getByRole('button', { name: 'Back to Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows the image alone and no Download Video when there is no video', () => {
    renderViewer(imageOnly);
    expect(screen.getByRole('img', { name: 'Costume portrait' })).toHaveAttribute(
      'src',
      '/files/a.png',
    );
    expect(document.querySelector('video')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download Video' })).not.toBeInTheDocument();
  });

  it('closes on Escape and on Back to Gallery; the heart toggles the favorite', async () => {
    const user = userEvent.setup();
    const { onClose, onToggleFavorite } = renderViewer(withVideo);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Back to Gallery' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(onToggleFavorite).toHaveBeenCalledOnce();
  });

  it('toggles play and pause with Space, without scrolling the page', async () => {
    const playback = stubPlayback();
    renderViewer(withVideo);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();

    const first = fireEvent.keyDown(dialog, { key: ' ' });
    expect(first).toBe(false); // default prevented: no scroll
    await act(async () => undefined);
    expect(playback.play).toHaveBeenCalledOnce();
    expect(playback.isPaused()).toBe(false);

    fireEvent.keyDown(dialog, { key: ' ' });
    expect(playback.pause).toHaveBeenCalledOnce();
    expect(playback.isPaused()).toBe(true);
  });

  it('leaves Space on the focused video to its own controls (a second toggle would undo theirs)', () => {
    const playback = stubPlayback();
    renderViewer(withVideo);
    fireEvent.keyDown(screen.getByLabelText('Costume video'), { key: ' ' });
    expect(playback.play).not.toHaveBeenCalled();
    expect(playback.pause).not.toHaveBeenCalled();
  });

  it('leaves Space to a focused button (it presses the button, it does not play)', async () => {
    const playback = stubPlayback();
    renderViewer(withVideo);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Download Image' }), { key: ' ' });
    expect(playback.play).not.toHaveBeenCalled();
  });

  it('traps focus inside while open and gives it back to the opener on close', async () => {
    const user = userEvent.setup();
    const opener = document.createElement('button');
    opener.textContent = 'Open';
    document.body.append(opener);
    opener.focus();
    // Image only: jsdom cannot focus a <video>, which a browser's Tab does reach (tests/e2e).
    const { unmount } = renderViewer(imageOnly);
    expect(screen.getByRole('dialog')).toHaveFocus();

    const back = screen.getByRole('button', { name: 'Back to Gallery' });
    const last = screen.getByRole('button', { name: 'Download Image' });
    await user.tab();
    expect(back).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(back).toHaveFocus();
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    }

    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  describe('downloads', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('waits 300 ms after the last click and then saves once, named pawloween-image-<id>.png', async () => {
      const { env } = fakeDownloads();
      const names: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      renderViewer(withVideo, env);
      const button = screen.getByRole('button', { name: 'Download Image' });
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(200));
      fireEvent.click(button);
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(299));
      expect(env.fetch).not.toHaveBeenCalled();

      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(env.fetch).toHaveBeenCalledOnce();
      expect(env.fetch).toHaveBeenCalledWith('/files/a.png', expect.anything());
      expect(names).toEqual(['pawloween-image-1730000000000.png']);
    });

    it('names the video pawloween-video-<id>.mp4, and an image click does not cancel it', async () => {
      const { env } = fakeDownloads();
      const names: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      renderViewer(withVideo, env);
      fireEvent.click(screen.getByRole('button', { name: 'Download Video' }));
      fireEvent.click(screen.getByRole('button', { name: 'Download Image' }));
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(names.sort()).toEqual([
        'pawloween-image-1730000000000.png',
        'pawloween-video-1730000000000.mp4',
      ]);
    });
  });

  describe('a stored creation naming another site (issue 32)', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('disables Download Video and Share with a message, plays nothing and fetches or opens nothing', async () => {
      const { env } = fakeDownloads();
      const foreign = { ...withVideo, videoUrl: 'https://evil.example/x.mp4' };
      renderViewer(foreign, env);
      const video = screen.getByRole('button', { name: 'Download Video' });
      expect(video).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
      expect(video).toHaveAccessibleDescription(
        'This creation names a file on another site, so it cannot be downloaded or played here.',
      );
      expect(document.querySelector('video')).toBeNull();
      expect(screen.getByRole('img', { name: 'Costume portrait' })).toHaveAttribute(
        'src',
        '/files/a.png',
      );
      fireEvent.click(video);
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(env.fetch).not.toHaveBeenCalled();
      expect(env.open).not.toHaveBeenCalled();
      // Its own image still downloads.
      const image = screen.getByRole('button', { name: 'Download Image' });
      expect(image).toBeEnabled();
      fireEvent.click(image);
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(env.fetch).toHaveBeenCalledWith('/files/a.png', expect.anything());
    });

    it.each(['https://evil.example/x.mp4', '//evil.example/x.mp4', 'javascript:alert(1)'])(
      'downloadMedia refuses %s without fetching or opening it',
      async (url) => {
        const { env } = fakeDownloads();
        await expect(downloadMedia(url, 'x.mp4', env)).resolves.toBe('refused');
        expect(env.fetch).not.toHaveBeenCalled();
        expect(env.open).not.toHaveBeenCalled();
        await expect(
          downloadMedia(
            'https://platform.example/files/a.mp4',
            'a.mp4',
            env,
            'https://platform.example',
          ),
        ).resolves.toBe('saved');
      },
    );
  });
});
