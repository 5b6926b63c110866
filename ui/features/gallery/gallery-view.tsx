import './gallery.css';
import { useEffect, useMemo, useRef } from 'react';
import type { GalleryItem } from '../../../domain/model/gallery-item';
import { useHistoryLayer } from '../../app/app-history';
import { useServices } from '../../app/services-context';
import { useStore } from '../../app/use-store';
import { LIMITS } from '../../../domain/model/constants';
import { SyncIndicator } from '../../components/sync-indicator';
import { useMediaQuery } from '../../components/use-media-query';
import { Viewer, type DownloadEnvironment } from '../viewer';
import { DeleteCreationDialog } from './components/delete-creation-dialog';
import type { CardActions } from './components/gallery-card';
import { GalleryCarousel } from './components/gallery-carousel';
import { GalleryEmpty } from './components/gallery-empty';
import { GalleryFilters } from './components/gallery-filters';
import { GalleryGrid } from './components/gallery-grid';

/** The shell's bottom bar takes over at this width (shell.css); the gallery becomes a carousel. */
export const MOBILE_QUERY = '(max-width: 760px)';

/**
 * My Pet Gallery (SPEC.md section 2): filters with counts, a grid on wide screens and a swipe
 * carousel on mobile, newest first; favorite and delete (after confirmation) on every item; the
 * full-screen viewer on click; the sync state of the gallery in a corner.
 */
export function GalleryView(props: {
  downloadEnvironment?: DownloadEnvironment;
  /** Goes to Create (the empty gallery's button). */
  onCreate?: () => void;
}) {
  const { gallery } = useServices();
  const snapshot = useStore(gallery);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const heading = useRef<HTMLHeadingElement>(null);
  // The viewer's item lives in the history entry: Back closes it, Forward and a reload reopen it.
  const [viewedId, setViewedId] = useHistoryLayer('viewer');
  useEffect(() => {
    // A deletion still open to Undo is made final when the person leaves the gallery or the page,
    // so it cannot come back on the next visit.
    const finish = () => void gallery.finishDelete();
    window.addEventListener('pagehide', finish);
    return () => {
      window.removeEventListener('pagehide', finish);
      finish();
    };
  }, [gallery]);
  useEffect(() => {
    // Reading while a write is in flight would show the platform's older copy (remote wins on load)
    // until the next load: a creation saved a moment ago would seem to vanish.
    if (gallery.getSnapshot().syncStatus !== 'syncing') void gallery.load();
  }, [gallery]);

  // Looked up among all items: un-hearting in the viewer under Favorites keeps it open.
  const viewed = snapshot.items.find((item) => item.id === viewedId);
  // Where it is among the creations on show, for previous/next and "3 of 12".
  const shownIndex = snapshot.visible.findIndex((item) => item.id === viewedId);
  const viewedAt =
    shownIndex >= 0 ? { index: shownIndex, count: snapshot.visible.length } : undefined;
  // Reopened after a reload on an item that is gone (deleted in another tab): its entry closes.
  const missing = viewedId !== undefined && !viewed && snapshot.syncStatus === 'synced';
  useEffect(() => {
    if (missing) setViewedId(undefined);
  }, [missing, setViewedId]);

  const actions = useMemo<CardActions>(
    () => ({
      onOpen: (item: GalleryItem) => setViewedId(item.id),
      onToggleFavorite: (item: GalleryItem) => void gallery.toggleFavorite(item.id),
      onDelete: (item: GalleryItem) => gallery.requestDelete(item.id),
    }),
    [gallery, setViewedId],
  );

  return (
    <section className="pw-gallery" aria-labelledby="pw-gallery-title">
      <header className="pw-gallery__head">
        <h1 id="pw-gallery-title" ref={heading} tabIndex={-1} className="pw-display">
          My Pet Gallery
        </h1>
        <SyncIndicator
          status={snapshot.syncStatus}
          what="Gallery"
          warning={snapshot.storageWarning}
          onRetry={() => void gallery.load()}
        />
      </header>
      <GalleryFilters
        filter={snapshot.filter}
        counts={snapshot.counts}
        onChange={(filter) => gallery.setFilter(filter)}
      />
      {snapshot.visible.length === 0 ? (
        <GalleryEmpty filter={snapshot.filter} onCreate={props.onCreate} />
      ) : mobile ? (
        <GalleryCarousel items={snapshot.visible} actions={actions} />
      ) : (
        <GalleryGrid items={snapshot.visible} actions={actions} />
      )}
      {snapshot.pendingDeleteId !== undefined && (
        <DeleteCreationDialog
          undoForMs={LIMITS.undoDeleteMs}
          onCancel={() => gallery.cancelDelete()}
          onConfirm={() => {
            // The card and its delete button go away; focus must not fall to the page's body.
            heading.current?.focus();
            void gallery.confirmDelete({ undoForMs: LIMITS.undoDeleteMs });
          }}
        />
      )}
      {snapshot.undoableDeleteId !== undefined && (
        <div className="pw-toast" role="status">
          <span>Creation deleted.</span>
          <button type="button" className="pw-link" onClick={() => gallery.undoDelete()}>
            Undo
          </button>
        </div>
      )}
      {viewed && (
        <Viewer
          item={viewed}
          position={viewedAt}
          onStep={(step) => {
            const next = snapshot.visible[(viewedAt?.index ?? 0) + step];
            if (next) setViewedId(next.id);
          }}
          onClose={() => setViewedId(undefined)}
          onToggleFavorite={() => void gallery.toggleFavorite(viewed.id)}
          fileName={(kind) => gallery.downloadFileName(viewed, kind)}
          returnFocus={() => heading.current}
          downloadEnvironment={props.downloadEnvironment}
        />
      )}
    </section>
  );
}
