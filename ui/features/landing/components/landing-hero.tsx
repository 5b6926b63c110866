import { useAppConfig, useAssetPath } from '../../../app/config-context';
import { BatIcon, SparkleIcon } from '../../../components/icons';
import { STILL_SIZES } from '../landing-stills';
import { LandingImage } from './landing-image';

export function LandingHero(props: { id: string; onSignIn: () => void }) {
  const config = useAppConfig();
  const before = useAssetPath('landing', 'before-1', '/media/landing/before-1.png');
  const after = useAssetPath('landing', 'after-1', '/media/landing/after-1.png');
  return (
    <header id={props.id} className="pw-hero">
      <div className="pw-hero__bats" aria-hidden="true">
        <BatIcon />
        <BatIcon />
        <BatIcon />
      </div>
      <div className="pw-hero__copy">
        <p className="pw-hero__eyebrow">
          <SparkleIcon /> Halloween costume studio for pets
        </p>
        <h1 className="pw-hero__title pw-display">{config.name}</h1>
        <p className="pw-hero__tagline">{config.texts.tagline}</p>
        <button
          type="button"
          className="pw-btn pw-btn--primary pw-btn--large"
          onClick={props.onSignIn}
        >
          {config.texts.signIn}
        </button>
      </div>
      <div className="pw-hero__art">
        <LandingImage
          className="pw-hero__before"
          src={before}
          alt="A pet before its costume"
          fetchPriority="high"
          width={300}
          height={300}
          sizes={STILL_SIZES.hero}
        />
        <LandingImage
          className="pw-hero__after"
          src={after}
          alt="The same pet as a Halloween costume portrait"
          // The largest paint of the landing page on a phone: fetched before anything else.
          fetchPriority="high"
          width={300}
          height={300}
          sizes={STILL_SIZES.hero}
        />
      </div>
    </header>
  );
}
