import '../viewer.css';
import { useContext, useEffect, useRef } from 'react';
import type { GalleryItem } from '../../../../domain/model/gallery-item';
import type { MediaKind } from '../../../../domain/use-cases/gallery';
import { FavoriteButton } from '../../../components/favorite-button';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from '../../../components/icons';
import { useSwipe } from '../../../components/use-swipe';
import { useFocusTrap } from '../../../components/use-focus-trap';
import { useScrollLock } from '../../../components/use-scroll-lock';
import { AuthContext } from '../../../app/auth-context';
import { isPlatformFile, type DownloadEnvironment } from '../download-media';
import type { ShareEnvironment } from '../share-media';
import { ShareButton } from './share-button';
import { useDebouncedDownload } from '../hooks/use-debounced-download';

/** Keys that keep their own meaning on these elements (Space presses a button, types in a field). */
const OWN_SPACE = 'button, a[href], input, textarea, select, [contenteditable="true"]';

/**
 * The full-screen viewer (SPEC.md section 2): the video with controls and the image as poster, or
 * the image alone; Back to Gallery, downloads, favorite. Escape closes; Space plays or pauses
 * (unless a button has focus, where Space presses it); focus stays inside and returns on close.
 * Its opener keeps it in history (useHistoryLayer), so the browser's Back closes it too.
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
  /** Where the item is among the creations on show; with onStep, previous/next move through them. */
  position?: { index: number; count: number };
  /** Shows the creation `step` places away (-1 previous, +1 next). */
  onStep?: (step: -1 | 1) => void;
}) {
  const { item, onClose } = props;
  const panel = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The platform's address; undefined in tests without a signed-in app (the page's origin then).
  const platformUrl = useContext(AuthContext)?.platformUrl;
  const download = useDebouncedDownload(props.downloadEnvironment, platformUrl);
  const pageUrl = (props.downloadEnvironment?.document ?? document).location.href;
  // A stored video on another site is neither played nor downloaded (it would open that site).
  const foreignVideo = !!item.videoUrl && !isPlatformFile(item.videoUrl, platformUrl, pageUrl);
  const foreignImage = !isPlatformFile(item.imageUrl, platformUrl, pageUrl);
  useFocusTrap(panel, props.returnFocus);
  useScrollLock();
  const created = new Date(item.timestamp).toLocaleString();

  const { position, onStep } = props;
  const canStep = (step: -1 | 1) =>
    position !== undefined &&
    onStep !== undefined &&
    position.index + step >= 0 &&
    position.index + step < position.count;
  const step = (by: -1 | 1) => {
    if (canStep(by)) onStep?.(by);
  };
  const swipe = useSwipe({ onSwipeLeft: () => step(1), onSwipeRight: () => step(-1) });
  // At the first or last creation its arrow button turns disabled under the focus: keep focus in
  // the viewer, where the arrow keys still work.
  useEffect(() => {
    const active = document.activeElement;
    if (active === document.body || (active instanceof HTMLButtonElement && active.disabled))
      panel.current?.focus();
  }, [position?.index]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const target = event.target as HTMLElement;
    // Arrows move between creations, except where they have a job (a video's seek, a field).
    if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && target !== video.current) {
      if (target.closest('input, textarea, select')) return;
      step(event.key === 'ArrowLeft' ? -1 : 1);
      return;
    }
    if (event.key !== ' ' || !video.current) return;
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
          <ChevronLeftIcon /> Back <span className="pw-phone-hidden">to Gallery</span>
        </button>
        <div className="pw-viewer__actions">
          <FavoriteButton isFavorite={item.isFavorite} onToggle={props.onToggleFavorite} />
          <ShareButton
            item={item}
            fileName={props.fileName}
            shareEnvironment={props.shareEnvironment}
            className="pw-btn pw-btn--primary pw-btn--small"
            platformUrl={platformUrl}
            disabled={item.videoUrl ? foreignVideo : foreignImage}
            describedBy={
              (item.videoUrl ? foreignVideo : foreignImage) ? 'pw-viewer-foreign' : undefined
            }
          />
          <button
            type="button"
            className="pw-btn pw-btn--secondary pw-btn--small"
            disabled={foreignImage}
            aria-describedby={foreignImage ? 'pw-viewer-foreign' : undefined}
            onClick={() => download(item.imageUrl, props.fileName('image'))}
          >
            <DownloadIcon /> <span className="pw-phone-hidden">Download</span> Image
          </button>
          {item.videoUrl && (
            <button
              type="button"
              className="pw-btn pw-btn--secondary pw-btn--small"
              disabled={foreignVideo}
              aria-describedby={foreignVideo ? 'pw-viewer-foreign' : undefined}
              onClick={() => download(item.videoUrl, props.fileName('video'))}
            >
              <DownloadIcon /> <span className="pw-phone-hidden">Download</span> Video
            </button>
          )}
        </div>
      </div>
      {(foreignVideo || foreignImage) && (
        <p id="pw-viewer-foreign" className="pw-viewer__note" role="note">
          This creation names a file on another site, so it cannot be downloaded or played here.
        </p>
      )}
      {position && onStep && position.count > 1 && (
        <div className="pw-viewer__nav">
          <button
            type="button"
            className="pw-icon-btn"
            aria-label="Previous creation"
            disabled={!canStep(-1)}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <span aria-live="polite">
            {position.index + 1} of {position.count}
          </span>
          <button
            type="button"
            className="pw-icon-btn"
            aria-label="Next creation"
            disabled={!canStep(1)}
            onClick={() => step(1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
      <div className="pw-viewer__stage" {...swipe}>
        {item.videoUrl && !foreignVideo ? (
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
