import { HeartIcon } from './icons';

/** The favorite heart: a toggle button whose pressed state says whether the item is a favorite. */
export function FavoriteButton(props: {
  isFavorite: boolean;
  onToggle: () => void;
  className?: string;
  /** The name; the state is in aria-pressed, so the name stays the same when it flips. */
  label?: string;
}) {
  return (
    <button
      type="button"
      className={`pw-icon-btn pw-heart${props.isFavorite ? ' is-on' : ''} ${props.className ?? ''}`}
      aria-pressed={props.isFavorite}
      aria-label={props.label ?? 'Favorite'}
      onClick={props.onToggle}
    >
      <HeartIcon filled={props.isFavorite} />
    </button>
  );
}
