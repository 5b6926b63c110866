/**
 * The costume workflow the app runs (SPEC.md section 7). The platform client exports the same id
 * for other developers; adapters/platform-ports/port-adapters.test.ts keeps the two equal.
 */
export const COSTUME_WORKFLOW_ID = 'workflow/7a3e5c1d-2b4f-4e8a-9c6d-1f0b3a5e7d92';

/** Input field names of the costume workflow (SPEC.md section 3). */
export const WORKFLOW_INPUT = {
  pet: 'upload_your_pets_photo',
  costume: 'upload_costume_character',
} as const;

/** Output names of the costume workflow (SPEC.md section 3). */
export const WORKFLOW_OUTPUT = {
  image: 'image_output',
  video: 'video_output',
} as const;
