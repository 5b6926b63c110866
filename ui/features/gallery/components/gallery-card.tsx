import { useState } from 'react';
import type { GalleryItem } from '../../../../domain/model/gallery-item';
import { FavoriteButton } from '../../../components/favorite-button';
import { FilmIcon, TrashIcon } from '../../../components/icons';

/** Actions a gallery card offers. */
export interface CardActions {
  readonly onOpen: (item: GalleryItem) => void;
  readonly onToggleFavorite: (item: GalleryItem) => void;
  readonly onDelete: (item: GalleryItem) => void;
}

// Made on first use: the first Intl formatter loads the locale's data, which costs a phone about half
// a second of main thread, and the app's first view (Create) shows no date.
let made: Intl.DateTimeFormat | undefined;
const madeFormat = () =>
  (made ??= new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }));

/**
 * One creation: its image in a fixed square box (no layout shift while 500 of them lazy-load), a
 * Video badge instead of a video element, when it was made, the heart and the delete button. An
 * image that cannot be loaded (its file is gone) shows a designed placeholder that says so and
 * points at Delete, instead of the browser's broken-image box.
 */
export function GalleryCard(props: { item: GalleryItem; actions: CardActions; eager?: boolean }) {
  const { item, actions } = props;
  const [broken, setBroken] = useState(false);
  const created = new Date(item.timestamp).toLocaleString();
  return (
    <article className="pw-card pw-gallery-card" data-item-id={item.id}>
      {broken ? (
        <div className="pw-gallery-card__missing" role="img" aria-label="Image unavailable">
          <strong>Image unavailable</strong>
          <span>Its file is gone. Delete this creation to tidy up your gallery.</span>
        </div>
      ) : (
        <button
          type="button"
          className="pw-gallery-card__open"
          aria-label={`Open creation from ${created}${item.videoUrl ? ', with video' : ''}`}
          onClick={() => actions.onOpen(item)}
        >
          <img
            src={item.imageUrl}
            alt=""
            width={1024}
            height={1024}
            loading={props.eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setBroken(true)}
          />
        </button>
      )}
      {Number.isFinite(new Date(item.timestamp).getTime()) && (
        <time className="pw-gallery-card__made" dateTime={new Date(item.timestamp).toISOString()}>
          {madeFormat().format(item.timestamp)}
        </time>
      )}
      {item.videoUrl && !broken && (
        // Outside the button: its name already says "with video" (axe: visible text in the name).
        <span className="pw-gallery-card__badge" aria-hidden="true">
          <FilmIcon /> Video
        </span>
      )}
      <div className="pw-gallery-card__actions">
        <FavoriteButton
          isFavorite={item.isFavorite}
          onToggle={() => actions.onToggleFavorite(item)}
        />
        <button
          type="button"
          className="pw-icon-btn"
          aria-label="Delete creation"
          onClick={() => actions.onDelete(item)}
        >
          <TrashIcon />
        </button>
      </div>
    </article>
  );
}
