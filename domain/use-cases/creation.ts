import {
  IDLE_GENERATION,
  type DisplayedError,
  type GenerationResults,
  type GenerationState,
  type InputMode,
  type InputSource,
} from '../model/generation';
import type { ErrorDialog } from './error-presentation';
import { Store } from './store';

/** What each side holds, whatever its source; a missing side is undefined. */
export interface InputSides {
  readonly pet?: InputSource;
  readonly costume?: InputSource;
  /** Keep my photo's background (issue 40): an uploaded pet photo fills the image. */
  readonly keepBackground?: boolean;
}

/** The Create view's state, shared by the generate, retry, select and create-another use cases. */
export interface CreationSnapshot {
  readonly mode: InputMode;
  /** The pet and the costume, each a preset or an upload, in either mode. */
  readonly inputs: InputSides;
  readonly generation: GenerationState;
  readonly results?: GenerationResults;
  /** The id of the gallery item the results were saved as; the results belong to it. */
  readonly itemId?: string;
  readonly imageError?: DisplayedError;
  readonly videoError?: DisplayedError;
  /** The workflow error dialog, when one is open. */
  readonly dialog?: ErrorDialog;
  /**
   * What happens to a run the network or a reload interrupted (issue 31): waiting to send it
   * again, or why it could not be picked up. Cleared when a run settles.
   */
  readonly notice?: string;
  /** Why Generate refused to start, word for word from SPEC.md section 5. */
  readonly validationMessage?: string;
  /** A pet and a costume exist, whatever their source, and nothing is generating. */
  readonly canGenerate: boolean;
  /** Results exist and at least one of imageReady, videoReady, imageError, videoError is set. */
  readonly showResults: boolean;
  /** Both results failed: 'Retry Both Image & Video' shows. */
  readonly canRetryBoth: boolean;
}

type Editable = Omit<CreationSnapshot, 'canGenerate' | 'showResults' | 'canRetryBoth'>;

export const INITIAL_CREATION: CreationSnapshot = {
  mode: 'upload',
  inputs: {},
  generation: IDLE_GENERATION,
  canGenerate: false,
  showResults: false,
  canRetryBoth: false,
};

/** Generate can start only when both sides hold something (SPEC.md section 5), from any source. */
export function hasBothInputs(inputs: InputSides): boolean {
  return inputs.pet !== undefined && inputs.costume !== undefined;
}

/** Holds the Create view's state and keeps its derived flags true. */
export class Creation extends Store<CreationSnapshot> {
  constructor() {
    super(INITIAL_CREATION);
  }

  change(patch: Partial<Editable> | ((state: CreationSnapshot) => Partial<Editable>)): void {
    this.update((state) => {
      const next = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      const { imageReady, videoReady, imageError, videoError, isGenerating } = next.generation;
      return {
        ...next,
        canGenerate: hasBothInputs(next.inputs) && !isGenerating,
        showResults:
          next.results !== undefined && (imageReady || videoReady || imageError || videoError),
        canRetryBoth: imageError && videoError && !isGenerating,
      };
    });
  }

  changeGeneration(patch: Partial<GenerationState>): void {
    this.change((state) => ({ generation: { ...state.generation, ...patch } }));
  }
}
