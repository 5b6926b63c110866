import './gallery.css';
import { useEffect } from 'react';
import { useServices } from '../../app/services-context';
import { useStore } from '../../app/use-store';
import { Dialog } from '../../components/dialog';
import { CloseIcon } from '../../components/icons';

/**
 * A minimal gallery (SPEC.md section 2 "Gallery view"): filters, items with favorite and delete,
 * empty states. The gallery feature (issue 7) replaces it with the full grid, carousel and viewer.
 */
export function GalleryView() {
  const { gallery } = useServices();
  const snapshot = useStore(gallery);
  useEffect(() => void gallery.load(), [gallery]);

  const empty =
    snapshot.filter === 'favorites'
      ? { title: 'No favorites yet', hint: 'Heart your favorite creations to see them here!' }
      : {
          title: 'No creations yet',
          hint: 'Generate your first Halloween pet costume to see it here!',
        };

  return (
    <section className="pw-gallery" aria-labelledby="pw-gallery-title">
      <h1 id="pw-gallery-title" className="pw-display pw-create__title">
        My Pet Gallery
      </h1>
      <div className="pw-gallery__filters" role="group" aria-label="Filter">
        {(['all', 'favorites'] as const).map((filter) => (
          <button
            key={filter}
            type="button"
            className={`pw-tab${snapshot.filter === filter ? ' is-active' : ''}`}
            aria-pressed={snapshot.filter === filter}
            onClick={() => gallery.setFilter(filter)}
          >
            {filter === 'all'
              ? `All (${snapshot.counts.all})`
              : `Favorites (${snapshot.counts.favorites})`}
          </button>
        ))}
      </div>
      {snapshot.visible.length === 0 ? (
        <div className="pw-gallery__empty">
          <h2>{empty.title}</h2>
          <p>{empty.hint}</p>
        </div>
      ) : (
        <ul className="pw-gallery__grid">
          {snapshot.visible.map((item) => (
            <li key={item.id} className="pw-card pw-gallery__item">
              <img
                src={item.imageUrl}
                alt={`Costume creation from ${new Date(item.timestamp).toLocaleString()}`}
                loading="lazy"
              />
              <div className="pw-gallery__item-actions">
                <button
                  type="button"
                  className={`pw-icon-btn pw-heart${item.isFavorite ? ' is-on' : ''}`}
                  aria-pressed={item.isFavorite}
                  aria-label={item.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
                  onClick={() => void gallery.toggleFavorite(item.id)}
                >
                  {item.isFavorite ? '♥' : '♡'}
                </button>
                <button
                  type="button"
                  className="pw-icon-btn"
                  aria-label="Delete creation"
                  onClick={() => gallery.requestDelete(item.id)}
                >
                  <CloseIcon />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {snapshot.pendingDeleteId !== undefined && (
        <Dialog title="Delete Creation" onClose={() => gallery.cancelDelete()} role="alertdialog">
          <p>This creation will be removed from your gallery.</p>
          <div className="pw-dialog__actions">
            <button
              type="button"
              className="pw-btn pw-btn--ghost"
              onClick={() => gallery.cancelDelete()}
            >
              Cancel
            </button>
            <button
              type="button"
              className="pw-btn pw-btn--danger"
              onClick={() => void gallery.confirmDelete()}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
