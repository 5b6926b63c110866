import type { LocateAnswer } from '../locate-on-worker';
import { locatePet } from './locate-pet';
import { petSight } from './pet-sight';

/** The render thread's answer to a `locate` message: where the pet's head is, or why not. */
export async function answerLocate(image: Uint8Array): Promise<LocateAnswer> {
  try {
    return { type: 'located', sight: petSight(await locatePet(Buffer.from(image))) };
  } catch (error) {
    return {
      type: 'locate-failed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
