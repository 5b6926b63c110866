import { useEffect, useRef, useState } from 'react';
import type { GalleryItems } from '../../../../domain/model/gallery-item';
import { GRID_PAGE } from '../grid-page';
import { GalleryCard, type CardActions } from './gallery-card';

/**
 * Wide screens: 2, 3 or 4 columns by width (gallery.css), newest first. A long gallery mounts its
 * cards a page at a time as the person scrolls, so 500 creations open as fast as 60.
 */
export function GalleryGrid(props: { items: GalleryItems; actions: CardActions }) {
  const [shown, setShown] = useState(GRID_PAGE);
  const sentinel = useRef<HTMLLIElement>(null);
  const hasMore = shown < props.items.length;

  useEffect(() => {
    const node = sentinel.current;
    if (!hasMore || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(props.items.length);
      return;
    }
    // Observing afresh after each page also reports a sentinel that is still in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((n) => n + GRID_PAGE);
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, shown, props.items.length]);

  return (
    <ul className="pw-gallery__grid" aria-label="Creations">
      {props.items.slice(0, shown).map((item) => (
        <li key={item.id} className="pw-gallery__cell">
          <GalleryCard item={item} actions={props.actions} />
        </li>
      ))}
      {hasMore && <li ref={sentinel} className="pw-gallery__more" aria-hidden="true" />}
    </ul>
  );
}
