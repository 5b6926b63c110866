import { Worker } from 'node:worker_threads';
import { abortError } from './ffmpeg';
import type { CostumeJob, CostumeResult } from './render-costume';
import { locationCache, type LocationCache } from './location-cache';
import type { FromWorker, ToWorker } from './render-messages';

// From the TypeScript sources the thread needs tsx's loader (render-thread.mjs); compiled into
// @pawloween/platform-server (scripts/pack-platform.ts) it starts the built worker itself.
export const RENDER_WORKER_FILE = new URL(
  import.meta.url.endsWith('.ts') ? './render-thread.mjs' : './render-worker.mjs',
  import.meta.url,
);

/**
 * Runs costume jobs on worker threads, one job per thread at a time, so the event loop
 * that answers /healthz, storage and every other request is never held by a render. The pool in
 * front (workflow-pool.ts) queues and bounds the jobs; this only hands each to a free thread, with
 * the pet's location when its photo was located before the run (`cache`).
 */
export function renderOnWorkers(
  cache: LocationCache = locationCache,
): (job: CostumeJob) => Promise<CostumeResult> {
  const spawn = () => {
    const worker = new Worker(RENDER_WORKER_FILE);
    // A thread that is idle does not keep the process alive (tests and CLIs end on their own).
    worker.unref();
    // A thread that dies while idle leaves the pool (a busy one's job reports the failure itself).
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
    });
    return worker;
  };
  // Started with the first run that finds none free (as many as the pool in front runs at once,
  // one per core), not with the server: each loads the pet locator's model, seconds of CPU that
  // slowed every start on a busy machine, while most starts never see a photo.
  const idle: Worker[] = [];
  const take = (): Worker => idle.pop() ?? spawn();
  return (job) =>
    new Promise<CostumeResult>((resolve, reject) => {
      const worker = take();
      worker.ref();
      const onAbort = () => worker.postMessage({ type: 'abort' } satisfies ToWorker);
      job.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (keep: boolean) => {
        job.signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        worker.unref();
        // A thread that failed is not used again; the next run starts another.
        if (keep) idle.push(worker);
      };
      const onMessage = (message: FromWorker) => {
        if (message.type === 'image') job.onImage?.(message.imageFile, message.notice);
        else if (message.type === 'done') {
          settle(true);
          resolve(message.result);
        } else {
          settle(true);
          reject(
            job.signal?.aborted
              ? abortError(job.signal)
              : Object.assign(new Error(message.message), { name: message.name }),
          );
        }
      };
      const onError = (error: Error) => {
        settle(false);
        void worker.terminate();
        reject(error);
      };
      const onExit = (code: number) => {
        settle(false);
        reject(new Error(`the render thread exited (code ${code})`));
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const { pet, costume, outDir, id, video, presets, keepBackground } = job;
      const face = job.face && { face: job.face };
      // A tapped face seeds a location of its own; a preset pet's is reviewed, never located.
      const location = !job.face && !presets?.pet ? cache.recall(pet) : undefined;
      worker.postMessage({
        type: 'run',
        job: {
          pet,
          costume,
          outDir,
          id,
          video,
          presets,
          keepBackground,
          ...face,
          ...(location && { location }),
        },
      } satisfies ToWorker);
    });
}
