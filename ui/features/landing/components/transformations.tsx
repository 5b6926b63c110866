import { useAssetTable } from '../../../app/config-context';
import { assetPath, type AssetTable } from '../../../../domain/model/asset-table';
import { useReducedMotion } from '../../../components/use-reduced-motion';
import { STILL_SIZES } from '../landing-stills';
import { LandingImage } from './landing-image';
import { LazyLoop } from './lazy-loop';

const PAIRS = [1, 2, 3] as const;
const LOOPS = [1, 2, 3, 4, 5, 6] as const;
const CAROUSEL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Landing media: the asset table's 'landing' bundle when given (alias = file stem), else our files. */
function landing(table: AssetTable | undefined, stem: string, extension: string): string {
  return assetPath(table, 'landing', stem) ?? `/media/landing/${stem}.${extension}`;
}

function poster(table: AssetTable | undefined, stem: string): string {
  const extra = table?.landing?.[stem]?.poster;
  return typeof extra === 'string' ? extra : `/media/landing/${stem}.jpg`;
}

export function Transformations(props: { id: string }) {
  const table = useAssetTable();
  const reducedMotion = useReducedMotion();
  return (
    <section
      id={props.id}
      className="pw-landing__section"
      aria-labelledby="pw-transformations-title"
    >
      <h2 id="pw-transformations-title" className="pw-section-title pw-display">
        See the Transformations
      </h2>

      <ul className="pw-pairs" aria-label="Before and after examples">
        {PAIRS.map((n) => (
          <li key={n} className="pw-card pw-pair">
            <figure>
              <LandingImage
                src={landing(table, `before-${n}`, 'png')}
                alt={`Example ${n}: the pet photo before`}
                loading="lazy"
                decoding="async"
                width={300}
                height={300}
                sizes={STILL_SIZES.pair}
              />
              <figcaption>Before</figcaption>
            </figure>
            <span className="pw-pair__arrow" aria-hidden="true">
              ➜
            </span>
            <figure>
              <LandingImage
                src={landing(table, `after-${n}`, 'png')}
                alt={`Example ${n}: the Halloween costume result`}
                loading="lazy"
                decoding="async"
                width={300}
                height={300}
                sizes={STILL_SIZES.pair}
              />
              <figcaption>After</figcaption>
            </figure>
          </li>
        ))}
      </ul>

      <h3 className="pw-subsection-title">Costumes that come alive</h3>
      {/* Focusable: on mobile this list scrolls sideways, and keyboards must reach it too. */}
      <ul
        className="pw-videos"
        aria-label="Animated costume videos, swipe to see more"
        tabIndex={0}
      >
        {LOOPS.map((n) => (
          <li key={n} className="pw-video">
            <LazyLoop
              src={landing(table, `loop-${n}`, 'mp4')}
              poster={poster(table, `loop-${n}`)}
              label={`Animated costume example ${n}`}
              reducedMotion={reducedMotion}
            />
          </li>
        ))}
      </ul>

      <h3 className="pw-subsection-title">A parade of costumes</h3>
      {/* Still (reduced motion), the row scrolls by hand: keyboards reach it through focus. */}
      <div
        className={`pw-marquee${reducedMotion ? ' pw-marquee--still' : ''}`}
        tabIndex={reducedMotion ? 0 : undefined}
      >
        <ul className="pw-marquee__track" aria-label="Gallery of costume examples">
          {CAROUSEL.map((n) => (
            <li key={n}>
              <LandingImage
                src={landing(table, `carousel-${n}`, 'jpg')}
                alt={`Costume example ${n}`}
                loading="lazy"
                decoding="async"
                width={240}
                height={240}
                sizes={STILL_SIZES.carousel}
              />
            </li>
          ))}
          {/* A second copy makes the loop seamless; screen readers get the list once. */}
          {!reducedMotion &&
            CAROUSEL.map((n) => (
              <li key={`copy-${n}`} aria-hidden="true">
                <LandingImage
                  src={landing(table, `carousel-${n}`, 'jpg')}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={240}
                  height={240}
                  sizes={STILL_SIZES.carousel}
                />
              </li>
            ))}
        </ul>
      </div>
    </section>
  );
}
