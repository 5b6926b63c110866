import type { GalleryItems } from '../../../../domain/model/gallery-item';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useSwipePager } from '../hooks/use-swipe-pager';
import { GalleryCard, type CardActions } from './gallery-card';

/** Mobile: one creation at a time, swiped (or stepped with the arrows); only that one is rendered. */
export function GalleryCarousel(props: { items: GalleryItems; actions: CardActions }) {
  const pager = useSwipePager(props.items.length);
  const item = props.items[pager.index];
  if (!item) return null;
  return (
    <div className="pw-gallery__carousel">
      <ul className="pw-gallery__slide" aria-label="Creations" {...pager.swipeHandlers}>
        <li key={item.id} className="pw-gallery__cell">
          <GalleryCard item={item} actions={props.actions} eager />
        </li>
      </ul>
      <div className="pw-gallery__pager">
        <button
          type="button"
          className="pw-icon-btn"
          aria-label="Previous creation"
          onClick={pager.previous}
          disabled={!pager.canPrevious}
        >
          <ChevronLeftIcon />
        </button>
        <p aria-live="polite">
          {pager.index + 1} of {props.items.length}
        </p>
        <button
          type="button"
          className="pw-icon-btn"
          aria-label="Next creation"
          onClick={pager.next}
          disabled={!pager.canNext}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
