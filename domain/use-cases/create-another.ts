import { INITIAL_CREATION, type Creation } from './creation';

/** 'Create Another Costume': clears inputs, results, state and error; the mode stays. */
export class CreateAnother {
  readonly getSnapshot: Creation['getSnapshot'];
  readonly subscribe: Creation['subscribe'];

  constructor(private readonly creation: Creation) {
    this.getSnapshot = creation.getSnapshot;
    this.subscribe = creation.subscribe;
  }

  execute(): void {
    const { mode, generation } = this.creation.getSnapshot();
    if (generation.isGenerating) return;
    this.creation.change({
      ...INITIAL_CREATION,
      mode,
      results: undefined,
      itemId: undefined,
      imageError: undefined,
      videoError: undefined,
      dialog: undefined,
      validationMessage: undefined,
      notice: undefined,
    });
  }
}
