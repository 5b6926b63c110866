import { useId, type ReactNode, type Ref } from 'react';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { useCarousel } from '../../../components/use-carousel';

export interface PresetCard {
  readonly id: string;
  readonly name: string;
  readonly image: string;
}

/** One preset row (Choose Your Pet / Choose Costume), each item with Select This / Selected. */
export function PresetCarousel(props: {
  title: string;
  presets: readonly PresetCard[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  disabled?: boolean;
  /** The title's heading, focusable by script (focus lands there when an upload gives way). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Shown under the row, inside its region (the upload offered in the preset's place). */
  children?: ReactNode;
}) {
  const titleId = useId();
  const carousel = useCarousel(props.presets.length);
  const last = Math.min(carousel.start + carousel.visible, props.presets.length);

  return (
    <section className="pw-presets" aria-labelledby={titleId}>
      <div className="pw-presets__head">
        <h2 id={titleId} ref={props.headingRef} tabIndex={-1}>
          {props.title}
        </h2>
        <div className="pw-presets__arrows">
          <button
            type="button"
            className="pw-icon-btn"
            aria-label={`Previous ${props.title.toLowerCase()} options`}
            onClick={carousel.previous}
            disabled={!carousel.canPrevious}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="pw-icon-btn"
            aria-label={`Next ${props.title.toLowerCase()} options`}
            onClick={carousel.next}
            disabled={!carousel.canNext}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <p className="pw-visually-hidden" aria-live="polite">
        Showing {carousel.start + 1} to {last} of {props.presets.length}
      </p>
      <div className="pw-presets__viewport" ref={carousel.viewport} {...carousel.swipeHandlers}>
        <ul
          className="pw-presets__track"
          style={{ '--start': carousel.start } as React.CSSProperties}
          data-start={carousel.start}
        >
          {props.presets.map((preset, index) => {
            const selected = preset.id === props.selectedId;
            const inView = index >= carousel.start && index < carousel.start + carousel.visible;
            return (
              <li
                key={preset.id}
                className={`pw-preset${selected ? ' is-selected' : ''}`}
                inert={!inView}
                aria-hidden={!inView || undefined}
              >
                <img src={preset.image} alt={preset.name} width={300} height={300} loading="lazy" />
                <span className="pw-preset__name">{preset.name}</span>
                <button
                  type="button"
                  className={`pw-btn pw-btn--small ${selected ? 'pw-btn--primary' : 'pw-btn--secondary'}`}
                  aria-pressed={selected}
                  aria-label={`${selected ? 'Selected' : 'Select This'}: ${preset.name}`}
                  disabled={props.disabled}
                  onClick={() => props.onSelect(preset.id)}
                >
                  {selected ? (
                    <>
                      <CheckIcon /> Selected
                    </>
                  ) : (
                    'Select This'
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {props.children}
    </section>
  );
}
