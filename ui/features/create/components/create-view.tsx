import '../create.css';
import { useEffect, useId, useRef } from 'react';
import { WandIcon } from '../../../components/icons';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import type { ShareEnvironment } from '../../viewer';
import { presentCreditNotice, type CreditNotice } from '../../../../domain/use-cases/account';
import type { PresetKind } from '../../../../domain/model/presets';
import { useCreateFlow } from '../hooks/use-create-flow';
import { usePresetCards } from '../hooks/use-preset-cards';
import { CreateHeading } from './create-heading';
import { ErrorDialog } from './error-dialog';
import { KeepBackgroundOption } from './keep-background-option';
import { FaceTap } from './face-tap';
import { ModeToggle } from './mode-toggle';
import { PresetInputs } from './preset-inputs';
import { ProgressOverlay } from './progress-overlay';
import { ResultView } from './result-view';
import { UploadInputs, type SideProps } from './upload-inputs';

/** The Create view (SPEC.md section 2): inputs, Generate, progress overlay, results, error dialog. */
export function CreateView(props: {
  onShowGallery?: () => void;
  shareEnvironment?: ShareEnvironment;
}) {
  const { view, actions } = useCreateFlow();
  const presets = usePresetCards();
  const generating = view.state.isGenerating;
  const reasonId = useId();
  // Credits before Generate: the price once known, and the way to top up before a run would fail.
  const { account } = useServices();
  const { balance, generationCost } = useStore(account);
  const notice = presentCreditNotice(balance, generationCost);
  const side = (kind: PresetKind): SideProps => ({
    input: view[kind],
    presets: kind === 'pet' ? presets.pets : presets.costumes,
    disabled: generating,
    onUpload: (dataUrl) => actions.setUpload(kind, dataUrl),
    onPreset: (id) => actions.selectPreset(kind, id),
  });
  // Create Another brings the form back in place of the results (and of the button that had
  // focus): focus goes to its heading.
  const hadResults = useRef(view.showResults);
  useEffect(() => {
    if (hadResults.current && !view.showResults)
      document.getElementById('pw-create-title')?.focus();
    hadResults.current = view.showResults;
  }, [view.showResults]);
  // A run a reload cut off is sent again with its key (issue 31).
  useEffect(() => actions.resume(), [actions]);
  // Once the image shows, the video stage goes on in the video card instead of the overlay.
  const overlay = view.progress && !(view.showResults && view.state.imageReady);

  return (
    <div className="pw-create">
      {view.showResults ? (
        <ResultView
          state={view.state}
          results={view.results}
          itemId={view.itemId}
          imageError={view.imageError}
          videoError={view.videoError}
          canRetryBoth={view.canRetryBoth}
          onRetryImage={actions.retryImage}
          onRetryVideo={actions.retryVideo}
          onRetryBoth={actions.retryBoth}
          onCreateAnother={actions.createAnother}
          onShowGallery={props.onShowGallery}
          shareEnvironment={props.shareEnvironment}
          progress={view.progress}
          notice={view.notice}
        />
      ) : (
        <section aria-labelledby="pw-create-title">
          <CreateHeading />
          <ModeToggle mode={view.mode} onChange={actions.setMode} disabled={generating} />
          {view.mode === 'upload' ? (
            <UploadInputs pet={side('pet')} costume={side('costume')} />
          ) : (
            <PresetInputs pet={side('pet')} costume={side('costume')} />
          )}
          <KeepBackgroundOption disabled={generating} />
          <FaceTap />
          <div className="pw-generate">
            {view.notice && !generating && (
              <p className="pw-generate__notice" role="status">
                {view.notice}
              </p>
            )}
            {!generating && <CreditNoticeLine notice={notice} onAddCredits={actions.addCredits} />}
            {view.validationError ? (
              <p className="pw-form-error" role="alert" id={reasonId}>
                {view.validationError}
              </p>
            ) : (
              !view.canGenerate &&
              !generating && (
                <p className="pw-generate__hint" id={reasonId}>
                  {view.mode === 'upload'
                    ? 'Add your pet’s photo and a costume image to continue.'
                    : 'Choose a pet and a costume to continue.'}
                </p>
              )
            )}
            {/* Missing inputs: announced as disabled with the reason, yet a click still asks the
                domain, which answers with the validation message (SPEC.md section 5). */}
            <button
              type="button"
              className="pw-btn pw-btn--primary"
              disabled={generating}
              aria-disabled={!view.canGenerate || undefined}
              aria-describedby={view.canGenerate ? undefined : reasonId}
              onClick={actions.generate}
            >
              <WandIcon /> {generating ? 'Generating Magic...' : 'Generate Halloween Costume'}
            </button>
          </div>
        </section>
      )}
      {overlay && view.progress && (
        <ProgressOverlay
          title="Generating Magic..."
          notice={view.notice}
          status={view.progress.status}
          percent={view.progress.percent}
          stageLabel={view.progress.stageLabel}
        />
      )}
      {view.dialog && (
        <ErrorDialog
          dialog={view.dialog}
          onAction={actions.runDialogAction}
          onClose={actions.dismissDialog}
        />
      )}
    </div>
  );
}

/** Out of credits or too few for a costume: say so with Add Credits; otherwise the price. */
function CreditNoticeLine(props: { notice: CreditNotice; onAddCredits: () => void }) {
  const { notice } = props;
  if (notice.kind === 'price')
    return (
      <p className="pw-generate__price">
        A costume uses ${notice.cost} of your credits
        {notice.imageShare && ` ($${notice.imageShare} if you get only its picture)`}.
      </p>
    );
  return (
    <p className="pw-generate__credits" role="status">
      {notice.kind === 'out'
        ? 'You are out of credits, so a costume cannot be made yet.'
        : `You have $${notice.remaining} left and a costume uses $${notice.cost}.`}{' '}
      <button type="button" className="pw-link" onClick={props.onAddCredits}>
        Add Credits
      </button>
    </p>
  );
}
