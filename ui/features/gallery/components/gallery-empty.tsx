import type { GalleryFilter } from '../../../../domain/use-cases/gallery';
import { GalleryIcon, HeartIcon } from '../../../components/icons';

// SPEC.md section 2 "Gallery view", word for word.
const EMPTY = {
  all: {
    title: 'No creations yet',
    hint: 'Generate your first Halloween pet costume to see it here!',
  },
  favorites: {
    title: 'No favorites yet',
    hint: 'Heart your favorite creations to see them here!',
  },
} as const;

export function GalleryEmpty(props: { filter: GalleryFilter }) {
  const text = EMPTY[props.filter];
  const Icon = props.filter === 'favorites' ? HeartIcon : GalleryIcon;
  return (
    <div className="pw-gallery__empty">
      <Icon className="pw-gallery__empty-icon" />
      <h2>{text.title}</h2>
      <p>{text.hint}</p>
    </div>
  );
}
