import type { GalleryItems } from '../../../../domain/model/gallery-item';
import { GalleryCard, type CardActions } from './gallery-card';

/** Wide screens: 2, 3 or 4 columns by width (gallery.css), newest first. */
export function GalleryGrid(props: { items: GalleryItems; actions: CardActions }) {
  return (
    <ul className="pw-gallery__grid" aria-label="Creations">
      {props.items.map((item) => (
        <li key={item.id} className="pw-gallery__cell">
          <GalleryCard item={item} actions={props.actions} />
        </li>
      ))}
    </ul>
  );
}
