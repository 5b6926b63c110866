import { useMemo } from 'react';
import type { DialogAction } from '../../../../domain/use-cases/error-presentation';
import { useAccountActions } from '../../../app/account-actions';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import type { CreateFlowActions, CreateFlowView } from './create-flow';

const NO_RESULTS = { imageUrl: '', videoUrl: '' } as const;

/** The Create view's state and intents, read from and handed to the domain use cases. */
export function useCreateFlow(): { view: CreateFlowView; actions: CreateFlowActions } {
  const services = useServices();
  const { selectInputs, generation, retryGeneration, createAnother, progress, petFace } = services;
  const accountUseCase = services.account;
  const creation = useStore(generation);
  const timeline = useStore(progress);
  const accountActions = useAccountActions();

  const view: CreateFlowView = {
    mode: creation.mode,
    pet: creation.inputs.pet,
    costume: creation.inputs.costume,
    canGenerate: creation.canGenerate,
    validationError: creation.validationMessage,
    state: creation.generation,
    results: creation.results ?? NO_RESULTS,
    itemId: creation.itemId,
    imageError: creation.imageError,
    videoError: creation.videoError,
    showResults: creation.showResults,
    canRetryBoth: creation.canRetryBoth,
    progress: timeline.active
      ? {
          stage: timeline.stage,
          status: timeline.message,
          percent: timeline.percent,
          stageLabel:
            timeline.stage === 'image'
              ? 'Creating your costume image'
              : 'Animating your costume video',
        }
      : undefined,
    dialog: creation.dialog,
    notice: creation.notice,
  };

  const actions = useMemo<CreateFlowActions>(() => {
    const openSubscription = () =>
      accountActions?.openSubscription
        ? accountActions.openSubscription()
        : void accountUseCase.subscribeUrl().then((url) => window.open(url, '_blank', 'noopener'));
    return {
      setMode: (mode) => selectInputs.setMode(mode),
      setUpload: (kind, dataUrl) => selectInputs.setUpload(kind, dataUrl),
      selectPreset: (kind, id) => selectInputs.selectPreset(kind, id),
      // A photo the locator is unsure of waits for its owner's tap on the face (issue 39).
      generate: () => {
        const ready = petFace.readyToGenerate();
        if (ready === true) void generation.execute();
        else if (ready !== false)
          void ready.then((go) => {
            if (go) void generation.execute();
          });
      },
      resume: () => void generation.resume(),
      retryImage: () => void retryGeneration.retryImage(),
      retryVideo: () => void retryGeneration.retryVideo(),
      retryBoth: () => void retryGeneration.retryBoth(),
      createAnother: () => createAnother.execute(),
      dismissDialog: () => generation.dismissDialog(),
      addCredits: () => (accountActions?.addCredits ?? openSubscription)(),
      runDialogAction: (action: DialogAction) => {
        switch (action.kind) {
          case 'open-url':
            window.open(action.url, '_blank', 'noopener');
            return;
          case 'subscribe':
            openSubscription();
            return;
          case 'add-credits':
            (accountActions?.addCredits ?? openSubscription)();
            return;
          case 'retry-video':
            void retryGeneration.retryVideo();
            return;
          case 'close':
            return;
        }
      },
    };
  }, [
    selectInputs,
    generation,
    retryGeneration,
    createAnother,
    accountUseCase,
    accountActions,
    petFace,
  ]);

  return { view, actions };
}
