import { Worker } from 'node:worker_threads';
import PQueue from 'p-queue';
import type { PetLocationAnswer } from '../../adapters/platform/src/api';
import type { PetLocation } from './locate/pet-location';
import { locationCache, type LocationCache } from './location-cache';
import { WorkflowQueueFullError } from './workflow-pool';
import { RENDER_WORKER_FILE } from './render-workers';

/** A photo to locate, sent to the render worker's thread; its answer comes back as one message. */
export interface LocateRequest {
  readonly type: 'locate';
  readonly image: Uint8Array;
}
export type LocateAnswer =
  | { readonly type: 'located'; readonly sight: PetLocationAnswer; readonly location: PetLocation }
  | { readonly type: 'locate-failed'; readonly message: string };

/** Photos waiting beyond the one being located; more are refused as busy (503). */
const MAX_WAITING = 4;

/**
 * Locates pets in photos (POST /v1/pets/locate) on a thread of their own, one photo at a time,
 * so the event loop never holds the detector's seconds. The thread runs the render worker's code
 * (render-worker.ts answers a `locate` message), started with the first photo and kept, unref'd,
 * for the next; one that fails is replaced. What it finds is kept in `cache` for the photo's run.
 */
export function locateOnWorker(
  cache: LocationCache = locationCache,
): (image: Buffer) => Promise<PetLocationAnswer> {
  const queue = new PQueue({ concurrency: 1 });
  let worker: Worker | undefined;
  const thread = () => {
    if (worker) return worker;
    const started = new Worker(RENDER_WORKER_FILE);
    started.unref();
    started.on('error', () => {});
    started.once('exit', () => {
      if (worker === started) worker = undefined;
    });
    return (worker = started);
  };
  const locate = (image: Buffer) =>
    new Promise<PetLocationAnswer>((resolve, reject) => {
      const current = thread();
      current.ref();
      const done = () => {
        current.off('message', onMessage).off('error', onError).off('exit', onExit);
        current.unref();
      };
      const onMessage = (message: LocateAnswer) => {
        done();
        if (message.type !== 'located') return reject(new Error(message.message));
        cache.remember(image, message.location);
        resolve(message.sight);
      };
      const onError = (error: Error) => {
        done();
        if (worker === current) worker = undefined;
        void current.terminate();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`the locate thread exited (code ${code})`));
      };
      current.on('message', onMessage).on('error', onError).on('exit', onExit);
      current.postMessage({ type: 'locate', image } satisfies LocateRequest);
    });
  return (image) => {
    if (queue.size >= MAX_WAITING) return Promise.reject(new WorkflowQueueFullError(MAX_WAITING));
    return queue.add(() => locate(image));
  };
}
