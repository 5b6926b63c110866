import type { FacePoint } from './face-point';

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
  /**
   * What the result tells its owner under the image (NOTICE_TEXT: no character was found in the
   * costume picture), when the workflow said.
   */
  readonly imageNote?: string;
}

/**
 * How the Create view offers its inputs (SPEC.md's toggle). It decides which widgets lead and which
 * validation message Generate gives; either side may hold either source in both modes.
 */
export type InputMode = 'upload' | 'presets';

/** What one side (the pet or the costume) holds: a preset by id, or an uploaded, downsized image. */
export type InputSource =
  | { readonly source: 'preset'; readonly id: string }
  | {
      readonly source: 'upload';
      readonly dataUrl: string;
      /** A pet photo's face point, where its owner tapped it (issue 39). */
      readonly face?: FacePoint;
    };
