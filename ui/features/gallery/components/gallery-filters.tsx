import type { GalleryFilter } from '../../../../domain/use-cases/gallery';

/** All (n) and Favorites (n): two toggle buttons, the active one pressed. */
export function GalleryFilters(props: {
  filter: GalleryFilter;
  counts: { readonly all: number; readonly favorites: number };
  onChange: (filter: GalleryFilter) => void;
}) {
  const options = [
    { value: 'all', label: `All (${props.counts.all})` },
    { value: 'favorites', label: `Favorites (${props.counts.favorites})` },
  ] as const;
  return (
    <div className="pw-gallery__filters" role="group" aria-label="Show">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`pw-tab${props.filter === option.value ? ' is-active' : ''}`}
          aria-pressed={props.filter === option.value}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
