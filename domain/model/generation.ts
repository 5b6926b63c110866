/** Where a generation stands (SPEC.md section 3 "Generation state"). */
export interface GenerationState {
  readonly isGenerating: boolean;
  readonly imageReady: boolean;
  readonly videoReady: boolean;
  readonly imageError: boolean;
  readonly videoError: boolean;
}

export const IDLE_GENERATION: GenerationState = {
  isGenerating: false,
  imageReady: false,
  videoReady: false,
  imageError: false,
  videoError: false,
};

/** What an error card shows (SPEC.md section 3 "Displayed error"). */
export interface DisplayedError {
  readonly message: string;
  readonly code: string;
  readonly technical: string;
  readonly suggestion: string;
}

/** The generated media of one run; a missing one is an empty string. */
export interface GenerationResults {
  readonly imageUrl: string;
  readonly videoUrl: string;
  /** What the platform charged for the run (USD), when its answer said. */
  readonly cost?: number;
}

export type InputMode = 'upload' | 'presets';

/** An input image: a data URL of an upload or a preset image URL. */
export type ImageInput = string;
