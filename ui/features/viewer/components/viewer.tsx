import '../viewer.css';
import { useRef } from 'react';
import type { GalleryItem } from '../../../../domain/model/gallery-item';
import type { MediaKind } from '../../../../domain/use-cases/gallery';
import { FavoriteButton } from '../../../components/favorite-button';
import { ChevronLeftIcon, DownloadIcon, ShareIcon } from '../../../components/icons';
import { useFocusTrap } from '../../../components/use-focus-trap';
import { useScrollLock } from '../../../components/use-scroll-lock';
import type { DownloadEnvironment } from '../download-media';
import { shareMedia, type ShareEnvironment } from '../share-media';
import { useDebouncedDownload } from '../hooks/use-debounced-download';

/** Keys that keep their own meaning on these elements (Space presses a button, types in a field). */
const OWN_SPACE = 'button, a[href], input, textarea, select, [contenteditable="true"]';

/**
 * The full-screen viewer (SPEC.md section 2): the video with controls and the image as poster, or
 * the image alone; Back to Gallery, downloads, favorite. Escape closes; Space plays or pauses
 * (unless a button has focus, where Space presses it); focus stays inside and returns on close.
 */
export function Viewer(props: {
  item: GalleryItem;
  onClose: () => void;
  onToggleFavorite: () => void;
  fileName: (kind: MediaKind) => string;
  /** Where focus goes on close when the element that opened the viewer is gone. */
  returnFocus?: () => HTMLElement | null | undefined;
  downloadEnvironment?: DownloadEnvironment;
  shareEnvironment?: ShareEnvironment;
}) {
  const { item, onClose } = props;
  const panel = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const download = useDebouncedDownload(props.downloadEnvironment);
  useFocusTrap(panel, props.returnFocus);
  useScrollLock();
  const created = new Date(item.timestamp).toLocaleString();

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== ' ' || !video.current) return;
    const target = event.target as HTMLElement;
    // A focused video toggles itself on Space (chromium's controls act after keydown, so a
    // preventDefault here does not stop them, and a second toggle here would undo theirs).
    if (target === video.current || target.closest(OWN_SPACE)) return;
    // Space must not scroll.
    event.preventDefault();
    if (video.current.paused) void video.current.play().catch(() => undefined);
    else video.current.pause();
  };

  return (
    <div
      ref={panel}
      className="pw-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`Creation from ${created}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="pw-viewer__bar">
        <button type="button" className="pw-btn pw-btn--ghost pw-btn--small" onClick={onClose}>
          <ChevronLeftIcon /> Back <span className="pw-viewer__long">to Gallery</span>
        </button>
        <div className="pw-viewer__actions">
          <FavoriteButton isFavorite={item.isFavorite} onToggle={props.onToggleFavorite} />
          <button
            type="button"
            className="pw-btn pw-btn--primary pw-btn--small"
            onClick={() =>
              void shareMedia(
                item.videoUrl || item.imageUrl,
                props.fileName(item.videoUrl ? 'video' : 'image'),
                props.shareEnvironment,
              )
            }
          >
            <ShareIcon /> Share
          </button>
          <button
            type="button"
            className="pw-btn pw-btn--secondary pw-btn--small"
            onClick={() => download(item.imageUrl, props.fileName('image'))}
          >
            <DownloadIcon /> <span className="pw-viewer__long">Download</span> Image
          </button>
          {item.videoUrl && (
            <button
              type="button"
              className="pw-btn pw-btn--secondary pw-btn--small"
              onClick={() => download(item.videoUrl, props.fileName('video'))}
            >
              <DownloadIcon /> <span className="pw-viewer__long">Download</span> Video
            </button>
          )}
        </div>
      </div>
      <div className="pw-viewer__stage">
        {item.videoUrl ? (
          <video
            ref={video}
            className="pw-viewer__media"
            src={item.videoUrl}
            poster={item.imageUrl}
            controls
            loop
            playsInline
            preload="metadata"
            aria-label="Costume video"
          />
        ) : (
          <img className="pw-viewer__media" src={item.imageUrl} alt="Costume portrait" />
        )}
      </div>
    </div>
  );
}
