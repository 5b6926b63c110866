import type { LocateAnswer } from '../locate-on-worker';
import { locatePet } from './locate-pet';
import { petSight } from './pet-sight';

/**
 * The render thread's answer to a `locate` message: where the pet's head is, or why not; with the
 * whole location, which the platform keeps for the photo's run (location-cache.ts).
 */
export async function answerLocate(image: Uint8Array): Promise<LocateAnswer> {
  try {
    const location = await locatePet(Buffer.from(image));
    return { type: 'located', sight: petSight(location), location };
  } catch (error) {
    return {
      type: 'locate-failed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
