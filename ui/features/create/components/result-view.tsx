import { useEffect, useRef, type ReactNode } from 'react';
import type {
  DisplayedError,
  GenerationResults,
  GenerationState,
} from '../../../../domain/model/generation';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import { CheckIcon, RetryIcon, ShareIcon, SparkleIcon } from '../../../components/icons';
import { shareCreation, type ShareEnvironment } from '../../viewer/share-media';
import { ErrorCard } from './error-card';

/** The generated image card and video card (SPEC.md section 2 "Result view"). */
export function ResultView(props: {
  state: GenerationState;
  results: GenerationResults;
  imageError: DisplayedError | undefined;
  videoError: DisplayedError | undefined;
  /** Both results failed (domain rule): 'Retry Both Image & Video' shows. */
  canRetryBoth: boolean;
  onRetryImage: () => void;
  onRetryVideo: () => void;
  onRetryBoth: () => void;
  onCreateAnother: () => void;
  /** Opens My Gallery, where the creation was saved. */
  onShowGallery?: () => void;
  shareEnvironment?: ShareEnvironment;
}) {
  const { state, results } = props;
  const busy = state.isGenerating;
  const heading = useRef<HTMLHeadingElement>(null);
  const { gallery } = useServices();
  // The gallery item made from this result: its id names the shared file.
  const saved = useStore(gallery).items.find(
    (item) => results.imageUrl && item.imageUrl === results.imageUrl,
  );
  // The results replace the form the person scrolled down through: bring their heading into view,
  // clear of the sticky header (scroll-margin-top in create.css), and keyboard focus with it (the
  // Generate button that had it is gone), unless a dialog on top holds focus.
  useEffect(() => {
    const target = heading.current;
    if (!document.activeElement?.closest('[aria-modal="true"]'))
      target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section className="pw-results" aria-labelledby="pw-results-title">
      <h2 id="pw-results-title" className="pw-display pw-create__title" ref={heading} tabIndex={-1}>
        Your Halloween Costume
      </h2>
      <div className="pw-results__grid">
        <ResultCard title="Generated Image" ready={state.imageReady} failed={state.imageError}>
          {state.imageError && props.imageError ? (
            <ErrorCard
              error={props.imageError}
              retryLabel="Retry"
              onRetry={props.onRetryImage}
              disabled={busy}
            />
          ) : state.imageReady && results.imageUrl ? (
            <img
              className="pw-result__media"
              src={results.imageUrl}
              alt="Your pet in its Halloween costume"
            />
          ) : (
            <Pending label="Conjuring your costume portrait…" />
          )}
        </ResultCard>
        <ResultCard title="Generated Video" ready={state.videoReady} failed={state.videoError}>
          {state.videoError && props.videoError ? (
            <ErrorCard
              error={props.videoError}
              retryLabel="Retry Video"
              onRetry={props.onRetryVideo}
              disabled={busy}
            />
          ) : state.videoReady && results.videoUrl ? (
            <video
              className="pw-result__media"
              src={results.videoUrl}
              poster={results.imageUrl || undefined}
              controls
              autoPlay
              muted
              loop
              playsInline
              aria-label="Animated video of your pet in its Halloween costume"
            />
          ) : (
            <Pending label="Bringing your costume to life…" />
          )}
        </ResultCard>
      </div>
      {results.imageUrl && !busy && (
        <p className="pw-results__saved" role="status">
          <CheckIcon /> Saved to My Gallery
          {props.onShowGallery && (
            <>
              {' · '}
              <button type="button" className="pw-link" onClick={props.onShowGallery}>
                Open My Gallery
              </button>
            </>
          )}
        </p>
      )}
      <div className="pw-results__actions">
        {props.canRetryBoth && (
          <button
            type="button"
            className="pw-btn pw-btn--secondary"
            onClick={props.onRetryBoth}
            disabled={busy}
          >
            <RetryIcon /> Retry Both Image &amp; Video
          </button>
        )}
        {saved && !busy && (
          <button
            type="button"
            className="pw-btn pw-btn--secondary"
            onClick={() =>
              void shareCreation(
                saved,
                (kind) => gallery.downloadFileName(saved, kind),
                props.shareEnvironment,
              )
            }
          >
            <ShareIcon /> Share
          </button>
        )}
        <button
          type="button"
          className="pw-btn pw-btn--primary"
          onClick={props.onCreateAnother}
          disabled={busy}
        >
          <SparkleIcon /> Create Another Costume
        </button>
      </div>
    </section>
  );
}

function ResultCard(props: {
  title: string;
  ready: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  return (
    <article
      className={`pw-card pw-result${props.failed ? ' has-error' : ''}`}
      aria-label={props.title}
    >
      <header className="pw-result__head">
        <h3>{props.title}</h3>
        {props.ready && !props.failed && (
          <span className="pw-result__tick" role="img" aria-label="Ready">
            <CheckIcon />
          </span>
        )}
      </header>
      <div className="pw-result__body">{props.children}</div>
    </article>
  );
}

function Pending(props: { label: string }) {
  return (
    <div className="pw-result__pending" role="status">
      <span className="pw-spinner" aria-hidden="true" />
      <span>{props.label}</span>
    </div>
  );
}
