import type { GalleryFilter } from '../../../../domain/use-cases/gallery';
import { GalleryIcon, HeartIcon, SparkleIcon } from '../../../components/icons';

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

/** No creations (or no favorites) yet; with nothing at all, a way to make the first one. */
export function GalleryEmpty(props: { filter: GalleryFilter; onCreate?: () => void }) {
  const text = EMPTY[props.filter];
  const Icon = props.filter === 'favorites' ? HeartIcon : GalleryIcon;
  return (
    <div className="pw-gallery__empty">
      <Icon className="pw-gallery__empty-icon" />
      <h2>{text.title}</h2>
      <p>{text.hint}</p>
      {props.filter === 'all' && props.onCreate && (
        <button type="button" className="pw-btn pw-btn--primary" onClick={props.onCreate}>
          <SparkleIcon /> Create a Costume
        </button>
      )}
    </div>
  );
}
