import '../landing.css';
import { useAppConfig } from '../../../app/config-context';
import { COPYRIGHT_YEAR } from '../../../../domain/model/constants';
import { useReducedMotion } from '../../../components/use-reduced-motion';
import { ArrowUpIcon, BatIcon, PumpkinIcon } from '../../../components/icons';
import { HowItWorks } from './how-it-works';
import { Transformations } from './transformations';
import { LandingHero } from './landing-hero';

export const SECTION_IDS = {
  top: 'pw-top',
  how: 'pw-how-it-works',
  transformations: 'pw-transformations',
} as const;

/** What a signed-out visitor sees (SPEC.md section 2 "Landing page"). No prices, no credit amounts. */
export function LandingPage(props: { onSignIn: () => void }) {
  const config = useAppConfig();
  const reducedMotion = useReducedMotion();
  const scrollTo = (id: string) =>
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });

  return (
    <div className="pw-landing">
      <LandingHero id={SECTION_IDS.top} onSignIn={props.onSignIn} />

      <section className="pw-landing__intro" aria-labelledby="pw-intro-title">
        <h2 id="pw-intro-title" className="pw-visually-hidden">
          About {config.name}
        </h2>
        <p className="pw-landing__intro-text">{config.texts.intro}</p>
        <ul className="pw-claims" aria-label="Why people love it">
          <li>
            <strong>Free to start</strong>
            <span>Sign in and make your first costume</span>
          </li>
          <li>
            <strong>Instant results</strong>
            <span>A picture and a video in moments</span>
          </li>
          <li>
            <strong>HD quality</strong>
            <span>Crisp portraits worth framing</span>
          </li>
        </ul>
      </section>

      <HowItWorks id={SECTION_IDS.how} />
      <Transformations id={SECTION_IDS.transformations} />

      <section className="pw-landing__cta" aria-labelledby="pw-cta-title">
        <PumpkinIcon className="pw-landing__cta-icon" />
        <h2 id="pw-cta-title" className="pw-display">
          Ready for some spooky fun?
        </h2>
        <button
          type="button"
          className="pw-btn pw-btn--primary pw-btn--large"
          onClick={props.onSignIn}
        >
          {config.texts.tryItNow}
        </button>
      </section>

      <footer className="pw-landing__footer">
        <nav aria-label="Page sections" className="pw-landing__footer-nav">
          <button
            type="button"
            className="pw-btn pw-btn--ghost pw-btn--small"
            onClick={() => scrollTo(SECTION_IDS.how)}
          >
            How it Works
          </button>
          <button
            type="button"
            className="pw-btn pw-btn--ghost pw-btn--small"
            onClick={() => scrollTo(SECTION_IDS.transformations)}
          >
            See Transformations
          </button>
          <button
            type="button"
            className="pw-btn pw-btn--ghost pw-btn--small"
            onClick={() => scrollTo(SECTION_IDS.top)}
          >
            <ArrowUpIcon /> Back to Top
          </button>
        </nav>
        <p className="pw-landing__copyright">
          <BatIcon /> © {COPYRIGHT_YEAR} {config.name}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
