import { rmSync } from 'node:fs';
import type { CostumeRenderer } from './costume-renderer';

/** A failure the platform was asked to make (POST /__faults), told apart in its log. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

/**
 * The renderer, failing the way the real workflow fails, so a run under a fault takes the same
 * path as one whose render broke: charged, refunded, journalled, logged and answered alike.
 * - run-fail: the workflow took the run (a stream opens with its id) and then crashed before any
 *   image: WORKFLOW_FAILED, nothing charged.
 * - video-fail: the image was made (and streamed, when the caller streams), then the video encoder
 *   failed: a stream's error frame WORKFLOW_FAILED after the image, the image alone charged; a
 *   run not streamed had nothing delivered, so it answers WORKFLOW_FAILED charging nothing.
 */
export function faultyRenderer(
  render: CostumeRenderer,
  fault: 'run-fail' | 'video-fail',
): CostumeRenderer {
  if (fault === 'run-fail')
    return async (job) => {
      job.onStart?.();
      throw new InjectedFault('the costume workflow crashed before its image (fault run-fail)');
    };
  return async (job) => {
    let imageTold = false;
    const files = await render({
      ...job,
      onImage: (imageFile, notice) => {
        imageTold = true;
        job.onImage?.(imageFile, notice);
      },
    });
    // The image is made before the video: a renderer that skipped telling it (a test's stub) tells it now.
    if (!imageTold) job.onImage?.(files.imageFile, files.notice);
    // What the encoder left is no video.
    rmSync(files.videoFile, { force: true });
    throw new InjectedFault('the video encoder failed after the image (fault video-fail)');
  };
}
