import { z } from 'zod';
import { FACE_INPUT, FacePoint } from './face-point';

/**
 * The costume workflow the app runs (SPEC.md section 7): a pet photo and a costume character in, an
 * image and a video out. The app's, not the platform client's: the client knows workflows only as
 * `workflow/{uuid}` (its WorkflowModel), and types any workflow's stream the same way.
 */
export const COSTUME_WORKFLOW_ID = 'workflow/7a3e5c1d-2b4f-4e8a-9c6d-1f0b3a5e7d92';

/**
 * What a costume run costs on the platform (USD; README "Money: a run costs what it delivered"):
 * the whole answer, and the image's share when only the image was delivered. The platform has no
 * price call, so the app names this before the first costume; once a costume is made, what the
 * platform charged for it is shown instead.
 */
export const COSTUME_PRICE = { whole: 0.5, image: 0.2 } as const;

/** Input field names of the costume workflow (SPEC.md section 3). */
export const WORKFLOW_INPUT = {
  pet: 'upload_your_pets_photo',
  costume: 'upload_costume_character',
  /** Optional (issue 40): true keeps an uploaded pet photo's own background, filling the image. */
  keepBackground: 'keep_photo_background',
} as const;

/** Output names of the costume workflow (SPEC.md section 3). */
export const WORKFLOW_OUTPUT = {
  image: 'image_output',
  video: 'video_output',
} as const;

/**
 * What the costume workflow may tell beside its image (issue 40), in its image output's optional
 * `notice`: `no_character`, the costume picture held no character (a landscape, a page of text),
 * so the pet wears the picture's colours instead.
 */
export const WORKFLOW_NOTICE = { noCharacter: 'no_character' } as const;
export type WorkflowNotice = (typeof WORKFLOW_NOTICE)[keyof typeof WORKFLOW_NOTICE];

/** What the result card and the CLI say for each notice. */
export const NOTICE_TEXT: Readonly<Record<WorkflowNotice, string>> = {
  no_character:
    "We couldn't find a character in your costume picture, so your pet wears its colours instead.",
};

/**
 * The costume workflow's input (SPEC.md section 3): each an image as a data URL or a URL; and
 * optionally whether an uploaded photo keeps its background (a preset pet has none: ignored).
 */
export const CostumeWorkflowInput = z.object({
  [WORKFLOW_INPUT.pet]: z.string().min(1),
  [WORKFLOW_INPUT.costume]: z.string().min(1),
  [WORKFLOW_INPUT.keepBackground]: z.boolean().optional(),
  /** Optional: where the owner tapped their pet's face (face-point.ts). */
  [FACE_INPUT]: FacePoint.optional(),
});
export type CostumeWorkflowInput = z.infer<typeof CostumeWorkflowInput>;

/** One entry of a costume workflow's output list; each output is a URL, never inline data (DESIGN.md). */
export const CostumeWorkflowOutputEntry = z.object({
  [WORKFLOW_OUTPUT.image]: z
    .object({
      image: z.string(),
      outputType: z.literal('image'),
      notice: z.string().optional(),
    })
    .optional(),
  [WORKFLOW_OUTPUT.video]: z
    .object({ video: z.string(), outputType: z.literal('video') })
    .optional(),
});
export type CostumeWorkflowOutputEntry = z.infer<typeof CostumeWorkflowOutputEntry>;
