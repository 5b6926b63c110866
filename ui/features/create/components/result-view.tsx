import { useContext, useEffect, useRef, type ReactNode } from 'react';
import type {
  DisplayedError,
  GenerationResults,
  GenerationState,
} from '../../../../domain/model/generation';
import { AuthContext } from '../../../app/auth-context';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import { CheckIcon, RetryIcon, SparkleIcon } from '../../../components/icons';
import { ShareButton, type ShareEnvironment } from '../../viewer';
import type { ProgressView } from '../hooks/create-flow';
import { MEDIA_LOAD_ATTEMPTS, useMediaLoad } from '../hooks/use-media-load';
import { ErrorCard } from './error-card';

/** The card of a result that was made but did not load on this device, with Retry to load it. */
function loadFailure(kind: 'image' | 'video', url: string): DisplayedError {
  return {
    message: `The ${kind} could not be loaded`,
    code: 'MEDIA_LOAD_FAILED',
    technical: `Loading ${url} failed ${MEDIA_LOAD_ATTEMPTS} times. It is saved in My Gallery.`,
    suggestion: 'Check your internet connection and try again',
  };
}

/** The generated image card and video card (SPEC.md section 2 "Result view"). */
export function ResultView(props: {
  state: GenerationState;
  results: GenerationResults;
  /** The gallery item the results were saved as (its id names the shared files). */
  itemId: string | undefined;
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
  /** The progress timeline while the video is still being made after the image showed. */
  progress?: ProgressView;
  /** A run the network interrupted: what is happening to it. */
  notice?: string;
}) {
  const { state, results } = props;
  // The platform's address: its files may be fetched when the app is deployed apart from it.
  const platformUrl = useContext(AuthContext)?.platformUrl;
  const image = useMediaLoad(results.imageUrl);
  const video = useMediaLoad(results.videoUrl);
  const busy = state.isGenerating;
  const heading = useRef<HTMLHeadingElement>(null);
  const { gallery } = useServices();
  const galleryState = useStore(gallery);
  const saved = galleryState.items.find((item) => item.id === props.itemId);
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
      {/* What happened to a run while the page was away (a reload, a sign-out), once it ended. */}
      {props.notice && !state.isGenerating && (
        <p className="pw-generate__notice" role="status">
          {props.notice}
        </p>
      )}
      <div className="pw-results__grid">
        <ResultCard
          title="Generated Image"
          ready={state.imageReady && image.status === 'loaded'}
          failed={state.imageError || image.status === 'failed'}
          note={state.imageReady && !state.imageError ? results.imageNote : undefined}
        >
          {state.imageError && props.imageError ? (
            <ErrorCard
              error={props.imageError}
              retryLabel="Retry"
              onRetry={props.onRetryImage}
              disabled={busy}
            />
          ) : state.imageReady && results.imageUrl && image.status === 'failed' ? (
            <ErrorCard
              error={loadFailure('image', results.imageUrl)}
              retryLabel="Retry"
              onRetry={image.retry}
            />
          ) : state.imageReady && results.imageUrl && image.status === 'offline' ? (
            <OfflineNote kind="picture" />
          ) : state.imageReady && results.imageUrl ? (
            <img
              key={image.attempt}
              className="pw-result__media"
              src={results.imageUrl}
              alt="Your pet in its Halloween costume"
              onLoad={image.onLoad}
              onError={image.onError}
            />
          ) : (
            <Pending label="Conjuring your costume portrait…" />
          )}
        </ResultCard>
        <ResultCard
          title="Generated Video"
          ready={state.videoReady && video.status === 'loaded'}
          failed={state.videoError || video.status === 'failed'}
        >
          {state.videoError && props.videoError ? (
            <ErrorCard
              error={props.videoError}
              retryLabel="Retry Video"
              onRetry={props.onRetryVideo}
              disabled={busy}
            />
          ) : state.videoReady && results.videoUrl && video.status === 'failed' ? (
            <ErrorCard
              error={loadFailure('video', results.videoUrl)}
              retryLabel="Retry"
              onRetry={video.retry}
            />
          ) : state.videoReady && results.videoUrl && video.status === 'offline' ? (
            <OfflineNote kind="video" />
          ) : state.videoReady && results.videoUrl ? (
            <video
              key={video.attempt}
              onLoadedData={video.onLoad}
              onError={video.onError}
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
          ) : props.progress?.stage === 'video' ? (
            <VideoStage progress={props.progress} notice={props.notice} />
          ) : (
            <Pending label={props.notice ?? 'Bringing your costume to life…'} />
          )}
        </ResultCard>
      </div>
      {results.imageUrl && !busy && galleryState.syncStatus === 'error' && (
        <p className="pw-results__unsaved" role="alert">
          Not saved to your account yet: {galleryState.syncError ?? 'the platform did not take it'}{' '}
          It stays on this device and is sent again until it is saved.
        </p>
      )}
      {results.imageUrl && !busy && galleryState.syncStatus === 'syncing' && (
        <p className="pw-results__saved" role="status">
          Saving to My Gallery…
        </p>
      )}
      {results.imageUrl &&
        !busy &&
        (galleryState.syncStatus === 'synced' || galleryState.syncStatus === 'local') && (
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
          <ShareButton
            item={saved}
            fileName={(kind) => gallery.downloadFileName(saved, kind)}
            shareEnvironment={props.shareEnvironment}
            platformUrl={platformUrl}
          />
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
  /** Said under the result: what the workflow told of it (no character in the costume picture). */
  note?: string | undefined;
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
      {props.note && <p className="pw-result__note">{props.note}</p>}
    </article>
  );
}

/** The video stage of the progress (SPEC.md: 7 messages, a bar over a nominal 25 s), in its card. */
function VideoStage(props: { progress: ProgressView; notice?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(props.progress.percent)));
  return (
    <div className="pw-result__pending pw-result__stage">
      <span className="pw-spinner" aria-hidden="true" />
      <p className="pw-progress__stage">{props.progress.stageLabel}</p>
      <p className="pw-progress__status" role="status" aria-live="polite">
        {props.notice ?? props.progress.status}
      </p>
      <div
        className="pw-progress__bar"
        role="progressbar"
        aria-label="Video progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** In place of a result that could not load offline: it loads again once the device is online. */
function OfflineNote(props: { kind: 'picture' | 'video' }) {
  return (
    <div className="pw-result__pending pw-result__offline" role="status">
      <span>You are offline: your {props.kind} shows here when you are back online.</span>
    </div>
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
