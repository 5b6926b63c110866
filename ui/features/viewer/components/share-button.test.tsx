import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileSharing, ShareEnvironment } from '../share-media';
import { ShareButton } from './share-button';

const item = { imageUrl: '/files/1.png', videoUrl: '/files/1.mp4' };
const fileName = (kind: 'image' | 'video') =>
  `pawloween-${kind}-1.${kind === 'image' ? 'png' : 'mp4'}`;

function environment(options: {
  sharing?: FileSharing;
  copyText?: (text: string) => Promise<void>;
}) {
  return {
    fetch: vi.fn(async () => new Response('bytes', { headers: { 'content-type': 'image/png' } })),
    document,
    open: vi.fn(),
    createObjectURL: vi.fn(() => 'blob:http://app/1'),
    revokeObjectURL: vi.fn(),
    sharing: options.sharing,
    copyText: options.copyText,
  } satisfies ShareEnvironment;
}

afterEach(() => vi.restoreAllMocks());

describe('ShareButton (a stubbed navigator)', () => {
  it('where files can be shared: one share sheet with the picture and the video, no choice shown', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    render(
      <ShareButton
        item={item}
        fileName={fileName}
        shareEnvironment={environment({ sharing: { canShare: () => true, share } })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledOnce());
    expect(share.mock.calls[0]![0].files!.map((file) => file.name)).toEqual([
      'pawloween-image-1.png',
      'pawloween-video-1.mp4',
    ]);
    expect(screen.queryByRole('group', { name: 'Share options' })).toBeNull();
  });

  it('without share support: a visible choice of Download Image, Download Video and Copy Link', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const copyText = vi.fn(async (_text: string) => undefined);
    render(
      <ShareButton item={item} fileName={fileName} shareEnvironment={environment({ copyText })} />,
    );
    const button = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(button);
    const choice = await screen.findByRole('group', { name: 'Share options' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Nothing was downloaded on its own.
    expect(clicks).toEqual([]);

    await userEvent.click(within(choice).getByRole('button', { name: 'Download Video' }));
    await vi.waitFor(() => expect(clicks).toEqual(['pawloween-video-1.mp4']));
    await userEvent.click(within(choice).getByRole('button', { name: 'Download Image' }));
    await vi.waitFor(() =>
      expect(clicks).toEqual(['pawloween-video-1.mp4', 'pawloween-image-1.png']),
    );

    await userEvent.click(within(choice).getByRole('button', { name: 'Copy Link' }));
    expect(copyText).toHaveBeenCalledWith(new URL('/files/1.mp4', location.href).href);
    expect(within(choice).getByRole('status')).toHaveTextContent('Link copied.');

    await userEvent.click(within(choice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('group', { name: 'Share options' })).toBeNull();
  });

  it('where the clipboard refuses: the link shows, ready to select and copy', async () => {
    render(
      <ShareButton
        item={item}
        fileName={fileName}
        shareEnvironment={environment({
          sharing: { canShare: () => false, share: vi.fn() },
          copyText: async () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
        })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const choice = await screen.findByRole('group', { name: 'Share options' });
    await userEvent.click(within(choice).getByRole('button', { name: 'Copy Link' }));
    expect(
      await within(choice).findByRole('textbox', { name: 'Link to your creation' }),
    ).toHaveValue(new URL('/files/1.mp4', location.href).href);
  });
});
