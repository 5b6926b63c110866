import type { FacePoint } from '../../domain/model/face-point';
import type { WorkflowNotice } from '../../domain/model/workflow';

/** The costume workflow's rendering (mock-server/workflow/): two images in, a PNG and an MP4 on disk out. */
export type CostumeRenderer = (job: {
  pet: Buffer;
  costume: Buffer;
  /** Where the owner said the pet's face is (the workflow input's pets_face_point). */
  face?: FacePoint;
  outDir: string;
  id: string;
  /** Keep my photo's background: an uploaded photo fills the image (a preset pet ignores it). */
  keepBackground?: boolean;
  /** Called once the workflow took the run (not refused as busy): its id may be told. */
  onStart?: () => void;
  /**
   * Called once the image file is complete, while the video still encodes, with what the image's
   * result tells its owner (the image output's `notice`); renderers may skip it.
   */
  onImage?: (imageFile: string, notice?: WorkflowNotice) => void;
}) => Promise<{ imageFile: string; videoFile: string; notice?: WorkflowNotice }>;
