import type { DialogAction, ErrorDialog } from '../../../../domain/use-cases/error-presentation';
import type {
  DisplayedError,
  GenerationResults,
  GenerationState,
  InputMode,
  InputSource,
} from '../../../../domain/model/generation';
import type { PresetKind } from '../../../../domain/model/presets';

export interface ProgressView {
  readonly stage: 'image' | 'video';
  readonly status: string;
  readonly percent: number;
  readonly stageLabel: string;
}

/** The create view's state as the components draw it; every field is computed by the domain. */
export interface CreateFlowView {
  readonly mode: InputMode;
  /** What each side holds: a preset or an upload, in either mode. */
  readonly pet: InputSource | undefined;
  readonly costume: InputSource | undefined;
  readonly canGenerate: boolean;
  readonly validationError: string | undefined;
  readonly state: GenerationState;
  readonly results: GenerationResults;
  /** The gallery item the results were saved as, once they were. */
  readonly itemId: string | undefined;
  readonly imageError: DisplayedError | undefined;
  readonly videoError: DisplayedError | undefined;
  readonly showResults: boolean;
  readonly canRetryBoth: boolean;
  readonly progress: ProgressView | undefined;
  readonly dialog: ErrorDialog | undefined;
  /** A run the network or a reload interrupted: waiting to send it again, or what happened. */
  readonly notice: string | undefined;
}

export interface CreateFlowActions {
  setMode(mode: InputMode): void;
  /** An uploaded, downsized image for one side; undefined empties the side. */
  setUpload(kind: PresetKind, dataUrl: string | undefined): void;
  /** A preset for one side (the selected one again deselects it). */
  selectPreset(kind: PresetKind, id: string): void;
  generate(): void;
  /** Picks up the run a reload cut off, if one was pending. */
  resume(): void;
  retryImage(): void;
  retryVideo(): void;
  retryBoth(): void;
  createAnother(): void;
  dismissDialog(): void;
  /** Opens the way to top up (the pricing page, or the account feature's own). */
  addCredits(): void;
  runDialogAction(action: DialogAction): void;
}
